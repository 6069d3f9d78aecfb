import { createInstance, type i18n, type TFunction } from 'i18next';
import { languageOf } from '../../../server/src/settings/languages.ts';
import en from './locales/en.json';

/** English is the source language and the fallback for any key a translation lacks. */
export const defaultLocale = 'en-US';

export type Messages = typeof en;
export const sourceMessages: Messages = en;

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Messages };
  }
}

/** What the root loader sends so that the server render and the hydrated client translate alike. */
export interface LocaleBundle {
  readonly locale: string;
  readonly messages: Messages;
}

export function directionOf(locale: string): 'ltr' | 'rtl' {
  return languageOf(locale).dir;
}

function createI18n({ locale, messages }: LocaleBundle): i18n {
  const instance = createInstance();
  instance.init({
    lng: locale,
    fallbackLng: defaultLocale,
    load: 'currentOnly',
    resources: { [locale]: { translation: messages }, [defaultLocale]: { translation: en } },
    // Resources are in memory, so init finishes synchronously and the first render is translated.
    initAsync: false,
    // React escapes text itself.
    interpolation: { escapeValue: false },
  });
  return instance;
}

const fallbackBundle: LocaleBundle = { locale: defaultLocale, messages: en };
const instances = new WeakMap<LocaleBundle, i18n>();

/**
 * The i18next instance for one root loader result: one per request on the server (each request
 * has its own loader data), so concurrent requests in different languages never share an instance.
 * Without loader data (the root loader itself failed) it falls back to English.
 */
export function i18nFor(bundle: LocaleBundle | undefined): i18n {
  const key = bundle ?? fallbackBundle;
  let instance = instances.get(key);
  if (!instance) {
    instance = createI18n(key);
    instances.set(key, instance);
  }
  return instance;
}

/** A screen with a translated title and description under pages.<key> in the locale files. */
export type PageKey = keyof Messages['pages'];

/**
 * A page's translated title and description. The key is built from the page name, which i18next's
 * key types cannot follow through interpolation options, hence the one loosened signature.
 */
export function pageText(t: TFunction, page: PageKey, values: Readonly<Record<string, string>> = {}) {
  const translate = t as unknown as (key: string, options: Readonly<Record<string, string>>) => string;
  return { title: translate(`pages.${page}.title`, values), description: translate(`pages.${page}.description`, values) };
}
