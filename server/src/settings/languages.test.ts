import { describe, expect, test } from 'vitest';
import { languageOf, languages, negotiateLocale, resolveLocale } from './languages.ts';

describe('resolveLocale', () => {
  test.each([
    ['cs', 'cs-CZ'],
    ['cs-CZ', 'cs-CZ'],
    ['cs_cz', 'cs-CZ'],
    ['CS-cz', 'cs-CZ'],
    [' de ', 'de-DE'],
    ['pt-PT', 'pt-BR'],
    ['ar', 'ar-SA'],
  ])('%j resolves to %s', (input, locale) => {
    expect(resolveLocale(input, 'en-US')).toBe(locale);
  });

  test.each([undefined, '', 'xx', 'klingon', '--', '12'])('%j falls back', (input) => {
    expect(resolveLocale(input, 'en-US')).toBe('en-US');
    expect(resolveLocale(input, 'de-DE')).toBe('de-DE');
  });
});

describe('negotiateLocale', () => {
  test('takes the first supported language', () => {
    expect(negotiateLocale('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr-FR');
  });

  test('honours q-values over the order', () => {
    expect(negotiateLocale('en;q=0.5, de;q=0.9, cs;q=0.7')).toBe('de-DE');
    expect(negotiateLocale('ja;q=0.2,ko')).toBe('ko-KR');
  });

  test('keeps the order between equal q-values', () => {
    expect(negotiateLocale('it;q=0.8, es;q=0.8')).toBe('it-IT');
  });

  test('skips languages it does not support and ones refused with q=0', () => {
    expect(negotiateLocale('xx-YY, tlh;q=0.9, nl;q=0.1')).toBe('nl-NL');
    expect(negotiateLocale('de;q=0, sv;q=0.3')).toBe('sv-SE');
  });

  test.each([undefined, '', '*', 'xx, yy;q=0.5', ';;;,,,', 'de;q=abc', `${'x,'.repeat(1000)}de`])(
    'gives undefined for %j',
    (header) => {
      expect(negotiateLocale(header)).toBeUndefined();
    },
  );
});

test('every language has its own code, a locale and a direction', () => {
  expect(new Set(languages.map((language) => language.code)).size).toBe(22);
  expect(languages.filter((language) => language.dir === 'rtl').map((language) => language.code)).toEqual(['ar', 'fa', 'he']);
  expect(languageOf('he-IL').dir).toBe('rtl');
  expect(languageOf('xx-XX').code).toBe('en');
});
