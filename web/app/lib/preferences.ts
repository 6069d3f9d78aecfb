import type { PreferencesService } from '../../../server/src/preferences/preferences.service.ts';
import { api } from './api';
import {
  accountCookies,
  applyConsent,
  type Consent,
  type CookieName,
  type CookieStorage,
  cookieExpiry,
  heldCookies,
  serializeCookie,
  storageFor,
} from './cookies';
import { apiHeaders } from './session-country';

function secure(): boolean {
  return window.location.protocol === 'https:';
}

/**
 * The one place that writes document.cookie: the Cookie Store API is missing from Firefox and older
 * Safari, and the values are built and escaped by serializeCookie.
 */
function setCookie(cookie: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = cookie;
}

/**
 * Spec §7 POST /api/user/cookie: a logged-in user's lasting preference cookies are stored with their
 * account so they follow them to other devices. Best effort: the cookie in this browser already holds
 * the choice, so a failed copy changes nothing the visitor sees.
 */
export async function saveCookieToAccount(name: CookieName, value: string, locale: string): Promise<void> {
  try {
    await fetch('/api/user/cookie', {
      method: 'POST',
      headers: { ...apiHeaders(locale), 'content-type': 'application/json' },
      body: JSON.stringify({ name, value, expires: cookieExpiry(name, new Date()).toISOString() }),
    });
  } catch {
    // Offline or refused: the next change tries again.
  }
}

/**
 * Spec §7 GET /api/user/cookie at login: the preference cookies this account saved, on this device or
 * another, are set here too (as far as this browser's consent allows), so the pages rendered next show
 * its language, theme and the rest. Best effort: without them the browser keeps its own choices.
 */
export async function applyAccountCookies(consent: Consent | undefined): Promise<void> {
  try {
    const { cookies } = await api<{ cookies: Awaited<ReturnType<PreferencesService['cookiesOf']>> }>('/api/user/cookie');
    for (const cookie of accountCookies(cookies, consent, secure())) setCookie(cookie);
  } catch (error) {
    console.warn('saved preferences not read', error);
  }
}

export interface Visitor {
  readonly consent: Consent | undefined;
  readonly signedIn: boolean;
  readonly locale: string;
}

/** Stores a cookie the way the visitor's consent allows (lib/cookies.ts storageFor) and says how. */
export function rememberCookie(name: CookieName, value: string, { consent, signedIn, locale }: Visitor): CookieStorage {
  const storage = storageFor(name, consent);
  if (storage === 'none') return storage;
  setCookie(serializeCookie(name, value, { storage, secure: secure() }));
  if (storage === 'lasting' && signedIn) void saveCookieToAccount(name, value, locale);
  return storage;
}

/** Records a cookie choice and moves the cookies this browser holds to what it allows. */
export function recordConsent(consent: Consent): void {
  for (const cookie of applyConsent(consent, heldCookies(document.cookie), secure())) setCookie(cookie);
}
