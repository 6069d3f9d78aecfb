/**
 * The 22 interface languages of spec §1. `locale` is the locale form used in URLs, cookies and
 * translation files; `name` is the language's own name; `acceptHeader` is what a client choosing
 * the language sends as Accept-Language.
 */
export interface Language {
  readonly code: string;
  readonly locale: string;
  readonly bcp47: string;
  readonly name: string;
  readonly acceptHeader: string;
  readonly dir: 'ltr' | 'rtl';
}

const definitions: ReadonlyArray<readonly [code: string, locale: string, name: string, dir?: 'rtl']> = [
  ['en', 'en-US', 'English'],
  ['cs', 'cs-CZ', 'Čeština'],
  ['de', 'de-DE', 'Deutsch'],
  ['es', 'es-ES', 'Español'],
  ['fr', 'fr-FR', 'Français'],
  ['it', 'it-IT', 'Italiano'],
  ['pt', 'pt-BR', 'Português'],
  ['ja', 'ja-JP', '日本語'],
  ['ru', 'ru-RU', 'Русский'],
  ['zh', 'zh-CN', '中文'],
  ['ar', 'ar-SA', 'العربية', 'rtl'],
  ['tr', 'tr-TR', 'Türkçe'],
  ['id', 'id-ID', 'Bahasa Indonesia'],
  ['nl', 'nl-NL', 'Nederlands'],
  ['pl', 'pl-PL', 'Polski'],
  ['fa', 'fa-IR', 'فارسی', 'rtl'],
  ['he', 'he-IL', 'עברית', 'rtl'],
  ['vi', 'vi-VN', 'Tiếng Việt'],
  ['sv', 'sv-SE', 'Svenska'],
  ['ko', 'ko-KR', '한국어'],
  ['hi', 'hi-IN', 'हिन्दी'],
  ['uk', 'uk-UA', 'Українська'],
];

export const languages: readonly Language[] = definitions.map(([code, locale, name, dir]) => ({
  code,
  locale,
  bcp47: locale,
  name,
  acceptHeader: `${locale},${code};q=0.9`,
  dir: dir ?? 'ltr',
}));

const byCode = new Map(languages.map((language) => [language.code, language]));

/** Maps `cs`, `cs-CZ`, `cs_cz` or `CS-cz` to the supported locale form; anything else to the default. */
export function resolveLocale(input: string | undefined, fallback: string): string {
  const code = input?.trim().slice(0, 2).toLowerCase();
  return (code && byCode.get(code)?.locale) || fallback;
}

export function languageOf(locale: string): Language {
  return byCode.get(locale.slice(0, 2).toLowerCase()) ?? (byCode.get('en') as Language);
}

/** Picks the best supported language from an Accept-Language header (q-values honoured). */
export function negotiateLocale(acceptLanguage: string | undefined): string | undefined {
  if (!acceptLanguage) return undefined;
  const ranked = acceptLanguage
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { code: tag.slice(0, 2).toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0 && byCode.has(entry.code))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0] ? byCode.get(ranked[0].code)?.locale : undefined;
}
