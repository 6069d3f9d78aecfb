import { languageOf } from '../../../server/src/settings/languages.ts';
import { app, error, meta } from './locales/en.json';
import { storedMessages } from './message-store';
import type { Messages } from './messages';
import { createTranslator, type MessageKey, type TFunction, type Translator } from './translate';

/** English is the source language and the fallback for any key a translation lacks. */
export const defaultLocale = 'en-US';

export type { Messages } from './messages';
export type { MessageKey, TFunction, Translator } from './translate';

/** What the root loader sends so that the server render and the hydrated client translate alike. */
export interface LocaleBundle {
  readonly locale: string;
  /** The content version of the language's messages (message-store.ts): the messages themselves are not sent. */
  readonly messagesVersion: string;
}

export function directionOf(locale: string): 'ltr' | 'rtl' {
  return languageOf(locale).dir;
}

/**
 * Only the error page's English ships in the bundle, for the one page rendered without root data: the
 * error page of a failed root loader (root.tsx renders it without the site chrome). Every other page's
 * messages are loaded by version (message-store.ts, README.md).
 */
const fallbackMessages = { app, error, meta };
const fallbackTranslator = createTranslator(defaultLocale, fallbackMessages);
const translators = new Map<string, Translator>();

/**
 * The translator for one root loader result, shared by every page in the same locale and messages version
 * (a version's content never changes). Without loader data, or before its messages are loaded, it is the
 * English error page's.
 */
export function i18nFor(bundle: LocaleBundle | undefined): Translator {
  if (!bundle) return fallbackTranslator;
  const key = `${bundle.locale} ${bundle.messagesVersion}`;
  let translator = translators.get(key);
  if (!translator) {
    const messages = storedMessages(bundle.messagesVersion);
    if (!messages) return fallbackTranslator;
    translator = createTranslator(bundle.locale, messages, fallbackMessages);
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
