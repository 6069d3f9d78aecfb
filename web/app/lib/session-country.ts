import { useSyncExternalStore } from 'react';

import { parseConsent, readCookie } from './cookies';
import { rememberCookie } from './preferences';

/**
 * The country the visitor forced (query `country` or the country chooser), kept in the `country`
 * preference cookie: for the browser session, or a year when preferences are allowed. API calls send it
 * as the `country` header (spec §7 "country (when forced)"), and the server also reads the cookie, so the
 * pages it renders answer in that country too.
 */
const COUNTRY = /^[A-Z]{2}$/;
const CHANGE_EVENT = 'velvet:country';

export function sessionCountry(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const code = readCookie(document.cookie, 'country');
  return code && COUNTRY.test(code) ? code : undefined;
}

export function chooseSessionCountry(code: string): void {
  if (!COUNTRY.test(code)) return;
  const consent = parseConsent(readCookie(document.cookie, 'consent'));
  // Not copied to the account: the country describes where the visitor is, not who they are.
  rememberCookie('country', code, { consent, signedIn: false, locale: document.documentElement.lang || 'en-US' });
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: code }));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => window.removeEventListener(CHANGE_EVENT, onChange);
}

/** The forced country, or the server's answer until the page has hydrated. */
export function useSessionCountry(serverCountry: string): string {
  return useSyncExternalStore(
    subscribe,
    () => sessionCountry() ?? serverCountry,
    () => serverCountry,
  );
}

/** The web app's version, inlined by the build (web/vite.config.ts); empty in tests and unversioned builds. */
const appVersion: string = import.meta.env.VITE_APP_VERSION ?? '';

/** The headers every relative API request carries (spec §7): app-version when the build has one, country when forced. */
export function apiHeaders(locale: string): Record<string, string> {
  const country = sessionCountry();
  return {
    apiversion: '1.0',
    language: locale,
    ...(appVersion ? { 'app-version': appVersion } : {}),
    ...(country ? { country } : {}),
  };
}
