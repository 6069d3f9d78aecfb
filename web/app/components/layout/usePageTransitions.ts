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

/** The Navigation API, where the browser has it (Chromium): it knows both ends of a history move at once. */
type NavigationApi = EventTarget & { readonly currentEntry: { readonly index: number } | null };
type NavigateEvent = Event & { readonly navigationType: string; readonly destination: { readonly index: number } };

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
      // A grid tile opening the feed overlay keeps the page: the overlay has its own slide.
      if (!isInAppNavigation(event, link, new URL(location.href)) || anchor.hasAttribute('data-feed-overlay-link')) return;
      start(transitionForLink(Boolean(anchor.closest('nav[data-main-navigation]'))));
    };
    // React Router's index of the page being left is only known once React has committed that page: a back
    // move made before then (back right after following a link) would read as a move forward. The Navigation
    // API's indexes are exact, so they decide where the browser has them.
    const navigationApi = (window as { navigation?: NavigationApi }).navigation;
    let traversal: { fromIndex: number; toIndex: number } | undefined;
    const onNavigate = (event: Event) => {
      const { navigationType, destination } = event as NavigateEvent;
      const from = navigationApi?.currentEntry?.index;
      traversal =
        navigationType === 'traverse' && from !== undefined ? { fromIndex: from, toIndex: destination.index } : undefined;
    };
    const onPopState = (event: PopStateEvent) => {
      // Back from a post in the feed overlay closes the overlay, which slides away over the same page.
      if (document.querySelector('dialog[open][data-feed-overlay]')) {
        traversal = undefined;
        return;
      }
      const move = traversal ?? { fromIndex: currentIndex.current, toIndex: historyIndex(event.state) };
      traversal = undefined;
      const sinceEdgeTouch = edgeTouchActive ? 0 : edgeTouchEnded === undefined ? undefined : performance.now() - edgeTouchEnded;
      start(transitionForHistoryMove({ ...move, isIOS, sinceEdgeTouch }));
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
    navigationApi?.addEventListener('navigate', onNavigate);
    window.addEventListener('popstate', onPopState);
    document.addEventListener('touchstart', onTouchStart, { passive: true });
    document.addEventListener('touchend', onTouchEnd, { passive: true });
    return () => {
      document.removeEventListener('click', onClick, true);
      navigationApi?.removeEventListener('navigate', onNavigate);
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('touchstart', onTouchStart);
      document.removeEventListener('touchend', onTouchEnd);
    };
  }, []);
}
