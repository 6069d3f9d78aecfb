import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ClientTranslations } from '../../../server/src/settings/client-translations.ts';
import { languages } from '../../../server/src/settings/languages.ts';
import { i18nFor } from './config';
import { languageCookie, loadLocaleBundle, loadMessages, pickLocale } from './locale.server';
import { messagesUrl, storedMessages } from './message-store';
import { namespaces, sourceMessages } from './messages';

const localesDirectory = new URL('./locales/', import.meta.url);
const readJson = (url: URL) => JSON.parse(readFileSync(url, 'utf8'));

/** A language's messages as the app merges them: the site file plus each domain namespace under its key. */
function messagesOf(code: string) {
  return {
    ...readJson(new URL(`${code}.json`, localesDirectory)),
    ...Object.fromEntries(
      namespaces.map((namespace) => [namespace, readJson(new URL(`./namespaces/${namespace}/${code}.json`, import.meta.url))]),
    ),
  };
}

function flatten(messages: object, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

/** A plural variant's key: the base, then the CLDR category (`counts.followers_few`). */
const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => [...text.matchAll(/{{\w+}}/g)].map((match) => match[0]).sort();
const english = flatten(sourceMessages);

describe('locale files', () => {
  const expected = languages.map((language) => `${language.code}.json`).sort();

  test('there is exactly one per interface language, for the site and for each domain namespace', () => {
    expect(readdirSync(localesDirectory).sort()).toEqual(expected);
    for (const namespace of namespaces)
      expect(readdirSync(new URL(`./namespaces/${namespace}/`, import.meta.url)).sort(), namespace).toEqual(expected);
  });

  test('the app loads a language with every namespace under its key', async () => {
    expect(await loadMessages('de-DE')).toEqual(messagesOf('de'));
    expect(await loadMessages('en-US')).toEqual(sourceMessages);
  });

  test('pages name the version GET /translations/client serves as immutable, and render from the loaded messages', async () => {
    const served = new ClientTranslations();
    for (const { code, locale } of languages) {
      const bundle = await loadLocaleBundle(locale);
      expect(bundle.messagesVersion, code).toBe(await served.versionFor(locale));
      expect(storedMessages(bundle.messagesVersion), code).toEqual(await loadMessages(locale));
      expect(messagesUrl(locale, bundle.messagesVersion)).toBe(`/translations/client/${code}.json?v=${bundle.messagesVersion}`);
    }
    const german = await loadLocaleBundle('de-DE');
    expect(i18nFor(german).t('error.title')).toBe(messagesOf('de').error.title);
    expect(i18nFor({ locale: 'de-DE', messagesVersion: 'not-loaded' }).t('error.title')).toBe(sourceMessages.error.title);
  });

  test.each(languages.filter((language) => language.code !== 'en'))(
    '$code has the English keys and placeholders, translated',
    ({ code }) => {
      const translated = flatten(messagesOf(code));
      const singular = (messages: Record<string, string>) => Object.keys(messages).filter((key) => !PLURAL.test(key));
      expect(singular(translated).sort()).toEqual(singular(english).sort());
      for (const key of singular(english))
        expect(placeholders(translated[key] ?? ''), key).toEqual(placeholders(english[key] ?? ''));
      const same = singular(english).filter((key) => translated[key] === english[key]);
      expect(same.length).toBeLessThan(singular(english).length / 4);
    },
  );

  test.each(languages)(
    '$code has exactly the plural forms its language distinguishes, for every counted text',
    ({ code, bcp47 }) => {
      const translated = flatten(messagesOf(code));
      const categories = new Intl.PluralRules(bcp47).resolvedOptions().pluralCategories;
      const bases = [...new Set(Object.keys(english).flatMap((key) => key.match(PLURAL)?.[1] ?? []))];
      expect(bases.length).toBeGreaterThan(0);
      for (const base of bases) {
        const forms = Object.keys(translated).filter((key) => key.match(PLURAL)?.[1] === base);
        expect(forms.map((key) => key.slice(base.length + 1)).sort(), base).toEqual([...categories].sort());
        for (const key of forms)
          expect(placeholders(translated[key] ?? ''), key).toEqual(placeholders(english[`${base}_other`] ?? ''));
      }
    },
  );
});

describe('page language', () => {
  const request = (url: string, headers: Record<string, string> = {}) => new Request(`http://velvet.test${url}`, { headers });

  test('the lang parameter wins over the cookie and Accept-Language, and is remembered', () => {
    const picked = pickLocale(request('/?lang=ar', { cookie: 'setLang=de-DE', 'accept-language': 'fr' }), 'en-US');
    expect(picked).toEqual({ locale: 'ar-SA', fromQuery: true });
    expect(languageCookie(picked.locale)).toContain('setLang=ar-SA');
  });

  test('then the setLang cookie, then Accept-Language, then the default', () => {
    expect(pickLocale(request('/?lang=xx', { cookie: 'a=1; setLang=de-DE', 'accept-language': 'fr' }), 'en-US').locale).toBe(
      'de-DE',
    );
    expect(pickLocale(request('/', { 'accept-language': 'xx, pt;q=0.8, ja;q=0.9' }), 'en-US').locale).toBe('ja-JP');
    expect(pickLocale(request('/'), 'en-US')).toEqual({ locale: 'en-US', fromQuery: false });
  });
});
