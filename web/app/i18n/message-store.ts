import type { Messages } from './messages';

/**
 * The messages of the languages this process has loaded, by content version. Pages do not carry their
 * messages (README.md): the root loader names the language and its version, the server render reads the
 * messages from here (the loader put them here), and the browser fetches them once per version from the
 * immutable URL below, before hydration or a language change renders with them. A version's content never
 * changes, so an entry never goes stale; there is one per language a deployment offers.
 */
const loaded = new Map<string, Messages>();
const fetching = new Map<string, Promise<void>>();

export function rememberMessages(version: string, messages: Messages): void {
  loaded.set(version, messages);
}

export function storedMessages(version: string): Messages | undefined {
  return loaded.get(version);
}

/** Spec §7's client translations, asked for this exact version: answered `immutable` (server/src/settings). */
export function messagesUrl(locale: string, version: string): string {
  return `/translations/client/${locale.slice(0, 2).toLowerCase()}.json?v=${encodeURIComponent(version)}`;
}

/**
 * Fetches a version's messages unless they are here. The request matches the page's
 * `<link rel="preload" as="fetch" crossorigin>`, so the first page's fetch takes the preloaded answer.
 */
export function ensureMessages(locale: string, version: string): Promise<void> {
  if (loaded.has(version)) return Promise.resolve();
  let pending = fetching.get(version);
  if (!pending) {
    pending = fetch(messagesUrl(locale, version), { credentials: 'same-origin' })
      .then((response) => {
        if (!response.ok) throw new Error(`messages ${locale} ${version}: HTTP ${response.status}`);
        return response.json() as Promise<{ messages: Messages }>;
      })
      .then(({ messages }) => rememberMessages(version, messages))
      .finally(() => fetching.delete(version));
    fetching.set(version, pending);
  }
  return pending;
}
