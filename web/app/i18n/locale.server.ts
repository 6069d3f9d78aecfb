import { negotiateLocale, resolveLocale } from '../../../server/src/settings/languages.ts';
import { type Consent, readCookie, serializeCookie, storageFor } from '../lib/cookies';
import { type Messages, namespaces, sourceMessages } from './messages';

// English ships in every bundle as the fallback; the other languages load only on the server, on demand.
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
