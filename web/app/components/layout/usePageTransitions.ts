import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import {
  EDGE_SWIPE_PX,
  isInAppNavigation,
  type PageTransition,
  transitionForHistoryMove,
  transitionForLink,
} from './page-transition';

/** A transition that waits longer than this for the new page shows it without animating. */
const COMMIT_TIMEOUT_MS = 1500;

type ViewTransitionDocument = Document & {
  startViewTransition?: (update: () => Promise<void>) => { finished: Promise<void> };
};

function historyIndex(state: unknown): number | undefined {
  const index = (state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' ? index : undefined;
}

/**
 * Animates every page change with the View Transitions API (spec §2: page, page-back, page-forward,
 * ios-page-back), whichever link or history move caused it, so screens need not opt in one by one.
 * The old page is captured when the navigation starts and the new one when React has committed it;
 * styles/transitions.css holds the animations, keyed by `data-transition` on <html>. Browsers without
 * the API, and visitors who prefer reduced motion, get plain page changes.
 */
export function usePageTransitions(): void {
  const { key } = useLocation();
  const committed = useRef<(() => void) | null>(null);
  const currentIndex = useRef<number | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per committed location, which `key` identifies
  useLayoutEffect(() => {
    // The new page is in the DOM now, so the transition may capture it.
    currentIndex.current = historyIndex(history.state);
    committed.current?.();
    committed.current = null;
  }, [key]);

  useEffect(() => {
    const root = document.documentElement;
    const start = (kind: PageTransition) => {
      const begin = (document as ViewTransitionDocument).startViewTransition?.bind(document);
      if (!begin || kind === 'ios-page-back' || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
      committed.current?.();
      root.dataset.transition = kind;
      const transition = begin(
        () =>
          new Promise<void>((resolve) => {
            committed.current = resolve;
            setTimeout(resolve, COMMIT_TIMEOUT_MS);
          }),
      );
      transition.finished.finally(() => {
        if (root.dataset.transition === kind) delete root.dataset.transition;
      });
    };

    let edgeTouchEnded: number | undefined;
    let edgeTouchActive = false;
    const isIOS = /iP(hone|ad|od)/.test(navigator.userAgent);

    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const link = { href: anchor.href, target: anchor.target, hasDownload: anchor.hasAttribute('download') };
      if (!isInAppNavigation(event, link, new URL(location.href))) return;
      start(transitionForLink(Boolean(anchor.closest('nav[data-main-navigation]'))));
    };
    const onPopState = (event: PopStateEvent) => {
      const toIndex = historyIndex(event.state);
      const sinceEdgeTouch = edgeTouchActive ? 0 : edgeTouchEnded === undefined ? undefined : performance.now() - edgeTouchEnded;
      start(transitionForHistoryMove({ fromIndex: currentIndex.current, toIndex, isIOS, sinceEdgeTouch }));
    };
    const onTouchStart = (event: TouchEvent) => {
      const x = event.touches[0]?.clientX ?? Number.POSITIVE_INFINITY;
      edgeTouchActive = x <= EDGE_SWIPE_PX || x >= innerWidth - EDGE_SWIPE_PX;
    };
    const onTouchEnd = () => {
      if (edgeTouchActive) edgeTouchEnded = performance.now();
      edgeTouchActive = false;
    };
    // Capture phase: decide before the router's link handler prevents the default.
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    document.addEventListener('touchstart', onTouchStart, { passive: true });
    document.addEventListener('touchend', onTouchEnd, { passive: true });
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('touchstart', onTouchStart);
      document.removeEventListener('touchend', onTouchEnd);
    };
  }, []);
}
