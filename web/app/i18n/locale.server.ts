import { negotiateLocale, resolveLocale } from '../../../server/src/settings/languages.ts';
import { readCookie } from '../lib/cookies';
import { type Messages, sourceMessages } from './config';

// English ships in every bundle as the fallback; the other languages load only on the server, on demand.
const messageFiles = import.meta.glob<Messages>(['./locales/*.json', '!./locales/en.json'], { import: 'default' });

/** Spec §9: the language choice is remembered for 730 days. */
const LANGUAGE_COOKIE_MAX_AGE = 730 * 24 * 60 * 60;

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

export function languageCookie(locale: string): string {
  return `setLang=${encodeURIComponent(locale)}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`;
}

export async function loadMessages(locale: string): Promise<Messages> {
  const load = messageFiles[`./locales/${locale.slice(0, 2)}.json`];
  return load ? load() : sourceMessages;
}
