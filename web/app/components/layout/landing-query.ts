import type { NavigateFunction } from 'react-router';
import {
  addressWithoutCampaign,
  isUnsupportedDevice,
  readLinkParameters,
  standaloneReloadAddress,
} from '../../lib/query-handling';
import { chooseSessionCountry } from '../../lib/session-country';
import { readTabValue } from '../../lib/tab-storage';
import { GO_KEY } from './useLandingQuery';

/**
 * The query parameters of spec §2 that act in the browser: `standalone` reloads the home page,
 * campaign tags are removed from the address bar (Velvet records no statistics), `country` is forced for the session, and
 * small iOS screens go to /unsupported unless `go` was given this session (useLandingQuery remembers it).
 */
export function applyLandingQuery(url: URL, navigate: NavigateFunction): void {
  const reload = standaloneReloadAddress(url.searchParams, Date.now());
  if (reload) {
    window.location.replace(reload);
    return;
  }
  const cleaned = addressWithoutCampaign(url);
  // React Router's own state stays in history.state, so back and forward keep working.
  if (cleaned) window.history.replaceState(window.history.state, '', cleaned);

  const link = readLinkParameters(url.searchParams);
  if (link.country) chooseSessionCountry(link.country);
  const device = {
    userAgent: navigator.userAgent,
    platform: navigator.platform,
    maxTouchPoints: navigator.maxTouchPoints,
    screenWidth: window.screen.width,
    screenHeight: window.screen.height,
  };
  if (url.pathname !== '/unsupported' && !readTabValue(GO_KEY) && isUnsupportedDevice(device)) {
    void navigate('/unsupported', { replace: true });
  }
}
