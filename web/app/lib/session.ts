import { api } from './api';
import { sendLiveIfOpen } from './live-messages';
import { pageAddress } from './login-next';

/** Spec §4: the access token is renewed 20 s before it expires, at once when it already has. */
export const RENEW_BEFORE_MS = 20_000;
/** Spec §9: login and logout messages stay 4000 ms. */
export const SESSION_MESSAGE_MS = 4000;

const LOGOUT_MESSAGE_KEY = 'velvet.logoutMessage';
const SHARED_EXPIRY_KEY = 'velvet.sessionExp';
const RENEW_LOCK = 'velvet.session-renewal';

/** The login session of spec §3 as login, signup and refresh answer it. */
export interface LoginSession {
  readonly userId: number | null;
  readonly langId: string;
  readonly exp: number;
  readonly debugLevel: number;
  readonly accessToken: string;
  readonly token: string;
}

export function renewalDelay(expSeconds: number, nowMs: number): number {
  return Math.max(0, expSeconds * 1000 - RENEW_BEFORE_MS - nowMs);
}

function sharedExpiry(): number | undefined {
  try {
    const value = Number(localStorage.getItem(SHARED_EXPIRY_KEY));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Other tabs read the new expiry from here instead of spending the refresh token a second time. */
export function shareExpiry(expSeconds: number | undefined): void {
  try {
    if (expSeconds === undefined) localStorage.removeItem(SHARED_EXPIRY_KEY);
    else localStorage.setItem(SHARED_EXPIRY_KEY, String(expSeconds));
  } catch {
    // Storage refused (private mode): each tab then renews on its own.
  }
}

/**
 * GET /api/refresh, one tab at a time. Refresh tokens rotate and a spent one revokes its family, so two
 * tabs renewing together would log each other out; under a Web Lock the second tab finds the expiry the
 * first one stored and keeps it. Resolves with the new expiry in epoch seconds.
 */
export async function renewSession(): Promise<number> {
  const renew = async () => {
    const shared = sharedExpiry();
    if (shared !== undefined && renewalDelay(shared, Date.now()) > 0) return shared;
    const session = await api<LoginSession>('/api/refresh');
    shareExpiry(session.exp);
    // Spec §7 `reconnect`: the open socket carries the renewed token from now on.
    sendLiveIfOpen('reconnect', { token: session.accessToken });
    return session.exp;
  };
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(RENEW_LOCK, renew) : renew();
}

/** POST /api/logout: the server clears both cookies and answers an anonymous session. */
export async function endSession(): Promise<void> {
  shareExpiry(undefined);
  await api('/api/logout', { method: 'POST' });
}

/** Spec §4: the logout message is kept for the next page load when preference storage is allowed. */
export function keepLogoutMessage(message: string, preferencesAllowed: boolean): void {
  if (!preferencesAllowed) return;
  try {
    localStorage.setItem(LOGOUT_MESSAGE_KEY, message);
  } catch {
    // Nothing to keep it in; the next page simply shows no message.
  }
}

export function takeLogoutMessage(): string | undefined {
  try {
    const message = localStorage.getItem(LOGOUT_MESSAGE_KEY) ?? undefined;
    localStorage.removeItem(LOGOUT_MESSAGE_KEY);
    return message;
  } catch {
    return undefined;
  }
}

/**
 * A `next` parameter is followed only to a page of this site: never to another origin, and never to a
 * React Router data address (`/x.data`), which an older link may still carry.
 */
export function safeNextPath(next: string | null | undefined): string {
  const offSite = (path: string) => !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\');
  if (!next || offSite(next)) return '/';
  // Parsing can turn `/a/..//host` into `//host`, so the result is checked again.
  const page = pageAddress(new URL(next, 'http://site.invalid'));
  return offSite(page) ? '/' : page;
}
