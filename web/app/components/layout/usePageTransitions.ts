import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** React Router's index of a history entry (its state's `idx`). */
export function historyIndex(state: unknown): number | undefined {
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

  // The listeners load after hydration (first-load budget, bench/src/first-load-js.ts): a page change in
  // the moment before they arrive shows without animating.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    import('./page-change-listeners')
      .then(({ listenForPageChanges }) => {
        if (!stopped) stop = listenForPageChanges({ committed, currentIndex });
      })
      .catch(() => {});
    return () => {
      stopped = true;
      stop?.();
    };
  }, []);
}
