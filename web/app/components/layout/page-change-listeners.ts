import type { RefObject } from 'react';
import {
  EDGE_SWIPE_PX,
  isInAppNavigation,
  type PageTransition,
  transitionForHistoryMove,
  transitionForLink,
} from './page-transition';
import { historyIndex } from './usePageTransitions';

/** A transition that waits longer than this for the new page shows it without animating. */
const COMMIT_TIMEOUT_MS = 1500;

type ViewTransitionDocument = Document & {
  startViewTransition?: (update: () => Promise<void>) => { finished: Promise<void> };
};

/** The Navigation API, where the browser has it (Chromium): it knows both ends of a history move at once. */
type NavigationApi = EventTarget & { readonly currentEntry: { readonly index: number } | null };
type NavigateEvent = Event & { readonly navigationType: string; readonly destination: { readonly index: number } };

export interface PageChangeState {
  /** Resolves the running transition's update once React has committed the new page. */
  readonly committed: RefObject<(() => void) | null>;
  /** React Router's history index of the page on screen. */
  readonly currentIndex: RefObject<number | undefined>;
}

/**
 * Starts a view transition for each page change, whichever link or history move caused it
 * (usePageTransitions); returns the function that stops listening.
 */
export function listenForPageChanges({ committed, currentIndex }: PageChangeState): () => void {
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
    traversal = navigationType === 'traverse' && from !== undefined ? { fromIndex: from, toIndex: destination.index } : undefined;
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
}
