import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isChunkLoadError, shouldReloadAfterChunkError } from '../../lib/chunk-errors';
import { readTabValue, writeTabValue } from '../../lib/tab-storage';

const CHUNK_RELOAD_KEY = 'velvet.chunkReloadAt';
/** Set for the tab once `go` was given: small iOS screens then stay on the site (landing-query.ts). */
export const GO_KEY = 'velvet.go';

/** Spec §8: reloads after a failed chunk load, unless one such reload happened in the last 60 s. */
export function reloadAfterChunkError(): boolean {
  const last = readTabValue(CHUNK_RELOAD_KEY);
  const now = Date.now();
  if (!shouldReloadAfterChunkError(last === undefined ? undefined : Number(last), now)) return false;
  writeTabValue(CHUNK_RELOAD_KEY, String(now));
  window.location.reload();
  return true;
}

/**
 * The query parameters of spec §2 that act in the browser, on every navigation (landing-query.ts), and
 * the reload after a failed chunk load. The query handling only runs after hydration, so it is loaded
 * then, in a chunk of its own, instead of with the first load.
 */
export function useLandingQuery(): void {
  const { search, pathname, hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const url = new URL(`${pathname}${search}${hash}`, window.location.origin);
    // Remembered at once, not when the rest has loaded: a visitor who moves on before then keeps it.
    if (url.searchParams.has('go')) writeTabValue(GO_KEY, '1');
    let current = true;
    void import('./landing-query').then(({ applyLandingQuery }) => {
      if (current) applyLandingQuery(url, navigate);
    });
    return () => {
      current = false;
    };
  }, [search, pathname, hash, navigate]);

  useEffect(() => {
    // Vite announces a failed preload of a lazily imported chunk with this event.
    const onPreloadError = (event: Event) => {
      if (reloadAfterChunkError()) event.preventDefault();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) reloadAfterChunkError();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
}
