import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  addressWithoutCampaign,
  type Campaign,
  isChunkLoadError,
  isUnsupportedDevice,
  readCampaign,
  readLinkParameters,
  shouldReloadAfterChunkError,
  standaloneReloadAddress,
} from '../../lib/query-handling';
import { chooseSessionCountry } from '../../lib/session-country';

const GO_KEY = 'velvet.go';
const CHUNK_RELOAD_KEY = 'velvet.chunkReloadAt';

let landingCampaign: Campaign | undefined;

/** The campaign tags the visitor arrived with, kept in memory for statistics once they are consented to. */
export function currentCampaign(): Campaign | undefined {
  return landingCampaign;
}

// sessionStorage throws when storage is disabled; the features then simply do not remember.
function readSession(key: string): string | undefined {
  try {
    return window.sessionStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

function writeSession(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {}
}

/** Spec §8: reloads after a failed chunk load, unless one such reload happened in the last 60 s. */
export function reloadAfterChunkError(): boolean {
  const last = readSession(CHUNK_RELOAD_KEY);
  const now = Date.now();
  if (!shouldReloadAfterChunkError(last === undefined ? undefined : Number(last), now)) return false;
  writeSession(CHUNK_RELOAD_KEY, String(now));
  window.location.reload();
  return true;
}

/**
 * The query parameters of spec §2 that act in the browser, on every navigation: `standalone` reloads
 * the home page, campaign tags are read and removed from the address bar, `country` is forced for the
 * session, and small iOS screens go to /unsupported unless `go` was given this session.
 */
export function useLandingQuery(): void {
  const { search, pathname, hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const url = new URL(`${pathname}${search}${hash}`, window.location.origin);
    const reload = standaloneReloadAddress(url.searchParams, Date.now());
    if (reload) {
      window.location.replace(reload);
      return;
    }
    const campaign = readCampaign(url.searchParams);
    const cleaned = addressWithoutCampaign(url);
    if (campaign) landingCampaign = campaign;
    // React Router's own state stays in history.state, so back and forward keep working.
    if (cleaned) window.history.replaceState(window.history.state, '', cleaned);

    const link = readLinkParameters(url.searchParams);
    if (link.country) chooseSessionCountry(link.country);
    if (link.go) writeSession(GO_KEY, '1');
    const device = {
      userAgent: navigator.userAgent,
      platform: navigator.platform,
      maxTouchPoints: navigator.maxTouchPoints,
      screenWidth: window.screen.width,
      screenHeight: window.screen.height,
    };
    if (pathname !== '/unsupported' && !readSession(GO_KEY) && isUnsupportedDevice(device)) {
      navigate('/unsupported', { replace: true });
    }
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
