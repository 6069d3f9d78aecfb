import { negotiateLocale, resolveLocale } from '../../../server/src/settings/languages.ts';
import { messagesVersion } from '../../../server/src/settings/messages-version.ts';
import { type Consent, readCookie, serializeCookie, storageFor } from '../lib/cookies';
import type { LocaleBundle } from './config';
import { rememberMessages } from './message-store';
import { type Messages, namespaces, sourceMessages } from './messages';

// The server bundle holds every language; browsers fetch theirs by version (message-store.ts).
type Json = Record<string, unknown>;
const siteFiles = import.meta.glob<Json>(['./locales/*.json', '!./locales/en.json'], { import: 'default' });
const namespaceFiles = import.meta.glob<Json>(['./namespaces/*/*.json', '!./namespaces/*/en.json'], { import: 'default' });

function supported(input: string | null | undefined): string | undefined {
  return input ? resolveLocale(input, '') || undefined : undefined;
}

/**
 * The interface language of a page request: the `lang` query parameter, then the `setLang` cookie,
 * then Accept-Language, then the configured default. `fromQuery` tells the caller to remember it.
 */
export function pickLocale(request: Request, fallback: string): { locale: string; fromQuery: boolean } {
  const fromQuery = supported(new URL(request.url).searchParams.get('lang'));
  if (fromQuery) return { locale: fromQuery, fromQuery: true };
  const cookieHeader = request.headers.get('cookie');
  const locale =
    supported(readCookie(cookieHeader, 'setLang')) ??
    negotiateLocale(request.headers.get('accept-language') ?? undefined) ??
    fallback;
  return { locale, fromQuery: false };
}

/** The setLang cookie for a language chosen through `?lang`: 730 days with preference consent, else the session. */
export function languageCookie(locale: string, consent?: Consent, secure = false): string {
  return serializeCookie('setLang', locale, {
    storage: storageFor('setLang', consent) === 'lasting' ? 'lasting' : 'session',
    secure,
  });
}

/** The messages of a language: the site file plus every domain namespace, shaped like `sourceMessages`. */
export async function loadMessages(locale: string): Promise<Messages> {
  const language = locale.slice(0, 2);
  const site = siteFiles[`./locales/${language}.json`];
  if (!site) return sourceMessages;
  const [shell, ...domains] = await Promise.all([
    site(),
    ...namespaces.map((namespace) => namespaceFiles[`./namespaces/${namespace}/${language}.json`]?.() ?? {}),
  ]);
  return { ...shell, ...Object.fromEntries(namespaces.map((namespace, index) => [namespace, domains[index]])) } as Messages;
}

const versions = new Map<string, Promise<string>>();

/**
 * The root loader's language data: the locale and its messages' version, the messages themselves left in
 * this process's message store for the server render. Each language is loaded and hashed once.
 */
export async function loadLocaleBundle(locale: string): Promise<LocaleBundle> {
  const language = locale.slice(0, 2);
  let version = versions.get(language);
  if (!version) {
    version = loadMessages(locale).then((messages) => {
      const hash = messagesVersion(messages);
      rememberMessages(hash, messages);
      return hash;
    });
    versions.set(language, version);
    version.catch(() => versions.delete(language));
  }
  return { locale, messagesVersion: await version };
}
