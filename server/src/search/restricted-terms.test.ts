import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { languages } from '../settings/languages.ts';
import { RestrictedTerms } from './restricted-terms.ts';
import { normalizeSearchText } from './search-text.ts';

const file = JSON.parse(readFileSync(new URL('./restricted-terms.json', import.meta.url), 'utf8')) as {
  terms: Record<string, string[]>;
};
const restricted = RestrictedTerms.load();
const blocks = (query: string) => restricted.matches(normalizeSearchText(query));

describe('the restricted term list', () => {
  test('has terms in every one of the 22 interface languages, none empty once normalised', () => {
    expect(Object.keys(file.terms).sort()).toEqual(languages.map((language) => language.code).sort());
    for (const [code, terms] of Object.entries(file.terms)) {
      expect(terms.length, code).toBeGreaterThanOrEqual(8);
      for (const term of terms) expect(normalizeSearchText(term), `${code}: ${term}`).not.toBe('');
    }
  });

  test('every listed term blocks a query made of it, whatever the case and accents', () => {
    for (const terms of Object.values(file.terms)) {
      for (const term of terms) expect(blocks(term.toUpperCase()), term).toBe(true);
    }
  });

  test.each([
    'Child Porn videos',
    'kinderpornos',
    'Violación real',
    'pedophiles',
    'cute loli',
    'forced sex',
    'childporn',
    'зоофилия',
    '児童ポルノ動画',
    '몰카영상',
    'اغتصاب',
  ])('blocks %j', (query) => {
    expect(blocks(query)).toBe(true);
  });

  test.each([
    'grape harvest',
    'violet dress',
    'therapist',
    'draped silk',
    'dance',
    'yoga at sunrise',
    'teen wolf costume',
    'lollipop',
  ])('lets %j through', (query) => {
    expect(blocks(query)).toBe(false);
  });
});
