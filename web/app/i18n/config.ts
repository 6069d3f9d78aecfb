import { languageOf } from '../../../server/src/settings/languages.ts';
import { app, error, meta } from './locales/en.json';
import type { Messages } from './messages';
import { createTranslator, type MessageKey, type TFunction, type Translator } from './translate';

/** English is the source language and the fallback for any key a translation lacks. */
export const defaultLocale = 'en-US';

export type { Messages } from './messages';
export type { MessageKey, TFunction, Translator } from './translate';

/** What the root loader sends so that the server render and the hydrated client translate alike. */
export interface LocaleBundle {
  readonly locale: string;
  readonly messages: Messages;
}

export function directionOf(locale: string): 'ltr' | 'rtl' {
  return languageOf(locale).dir;
}

/**
 * Messages arrive with the root loader's data, in the visitor's language (404s included: the root loader
 * runs for them too), so the JavaScript bundle carries no translations and does not grow with each new
 * screen. Only the error page's English ships, for the one page rendered without root data: the error
 * page of a failed root loader (root.tsx renders it without the site chrome).
 */
const fallbackMessages = { app, error, meta };
const fallbackBundle = { locale: defaultLocale, messages: fallbackMessages } as unknown as LocaleBundle;
const translators = new WeakMap<LocaleBundle, Translator>();

/**
 * The translator for one root loader result: one per request on the server (each request has its own
 * loader data), so concurrent requests in different languages never share one. Without loader data it
 * falls back to the English error page messages.
 */
export function i18nFor(bundle: LocaleBundle | undefined): Translator {
  const key = bundle ?? fallbackBundle;
  let translator = translators.get(key);
  if (!translator) {
    translator = createTranslator(key.locale, key.messages, fallbackMessages);
    translators.set(key, translator);
  }
  return translator;
}

/** A screen with a translated title and description under pages.<key> in the locale files. */
export type PageKey = keyof Messages['pages'];

/** A page's translated title and description. */
export function pageText(t: TFunction, page: PageKey, values: Readonly<Record<string, string>> = {}) {
  return {
    title: t(`pages.${page}.title` as MessageKey, values),
    description: t(`pages.${page}.description` as MessageKey, values),
  };
}
