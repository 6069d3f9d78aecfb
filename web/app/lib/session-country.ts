import { useSyncExternalStore } from 'react';

/**
 * The country the visitor forced (query `country` or the country chooser). The spec has no cookie
 * for it, so it lasts for the browser tab's session and travels as the `country` header of API calls
 * (spec §7: "country (when forced)"); the server answers in that country.
 */
const STORAGE_KEY = 'velvet.country';
const CHANGE_EVENT = 'velvet:country';

export function sessionCountry(): string | undefined {
  try {
    const code = sessionStorage.getItem(STORAGE_KEY);
    return code && /^[A-Z]{2}$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

export function chooseSessionCountry(code: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Storage can be disabled; the choice then lasts until the page is left.
  }
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

/** The headers every relative API request carries (spec §7). */
export function apiHeaders(locale: string): Record<string, string> {
  const country = sessionCountry();
  return { apiversion: '1.0', language: locale, ...(country ? { country } : {}) };
}
