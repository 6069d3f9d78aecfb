import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { languages } from '../../../server/src/settings/languages.ts';
import { contentNames, legalPageKeys, placeholderNames, staticPageKeys } from '../lib/legal-documents';
import { cookieRows } from './cookie-list.server';

/**
 * The long texts under web/app/content: every language has every document with the structure of the
 * English source (sections, anchors, links, placeholders), and the text is really translated.
 */
const readJson = (language: string, name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./${language}/${name}.json`, import.meta.url), 'utf8'));

const LINK = /\[[^\]]+\]\(([^)\s]+)\)/g;
const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const markupOf = (text: string) => ({
  links: [...text.matchAll(LINK)].map((match) => match[1]).sort(),
  placeholders: [...text.matchAll(PLACEHOLDER)].map((match) => match[1]).sort(),
  bold: (text.match(/\*\*/g) ?? []).length,
});

/** The document with its text replaced by what must survive translation: links, placeholders, emphasis. */
function skeleton(value: unknown, key = ''): unknown {
  if (typeof value === 'string')
    return key === 'id' || key === 'href' || key === 'updated' || key === 'table' ? value : markupOf(value);
  if (Array.isArray(value)) return value.map((item) => skeleton(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, child]) => [name, skeleton(child, name)]));
  }
  return value;
}

/** Every translatable string with its path; anchors, addresses and dates are the same in every language. */
function texts(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return /\.(id|href|updated|table)$/.test(path) ? [] : [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => texts(item, `${path}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([name, child]) => texts(child, `${path}.${name}`));
  return [];
}

const words = (value: unknown) =>
  texts(value)
    .map(([, text]) => text.split(/\s+/).length)
    .reduce((sum, count) => sum + count, 0);

const pageKeys: Record<string, string> = { ...legalPageKeys, ...staticPageKeys };
const documentNames = contentNames.filter((name) => name !== 'common');
const translations = languages.map((language) => language.code).filter((code) => code !== 'en');

describe('English source', () => {
  test.each(documentNames)('%s is complete and concise, with known placeholders and safe links', (name) => {
    const document = readJson('en', name) as { sections: { id: string }[] };
    const count = words(document);
    const minimum = name === 'unsupported' ? 80 : name in legalPageKeys ? 250 : 150;
    expect(count).toBeGreaterThan(minimum);
    expect(count).toBeLessThan(1000);
    const ids = document.sections.map((section) => section.id);
    expect(new Set(ids).size, 'section anchors are unique').toBe(ids.length);
    for (const [path, text] of texts(document)) {
      for (const [, placeholder] of text.matchAll(PLACEHOLDER)) expect(placeholderNames, path).toContain(placeholder);
      for (const [, target] of text.matchAll(LINK)) expect(target, path).toMatch(/^(\/(?!\/)|#|https:\/\/|mailto:)/);
    }
  });

  test('the cookie policy explains every cookie the site sets, and nothing else', () => {
    const { cookiePurposes } = readJson('en', 'cookie-policy') as { cookiePurposes: Record<string, string> };
    expect(Object.keys(cookiePurposes).sort()).toEqual(
      cookieRows('en-US')
        .map((row) => row.name)
        .sort(),
    );
  });
});

describe.each(translations)('%s', (language) => {
  const siteMessages = JSON.parse(readFileSync(new URL(`../i18n/locales/${language}.json`, import.meta.url), 'utf8'));

  test.each(contentNames)('%s has the structure of the English text and is translated', (name) => {
    expect(existsSync(new URL(`./${language}/${name}.json`, import.meta.url)), `${language}/${name}.json`).toBe(true);
    const source = readJson('en', name);
    const translated = readJson(language, name);
    expect(skeleton(translated)).toEqual(skeleton(source));

    const english = new Map(texts(source));
    // Short labels such as "Cookies" or "Name" may rightly stay the same; sentences may not.
    const pairs = texts(translated).filter(
      ([path]) => (english.get(path) ?? '').replace(PLACEHOLDER, '').split(/\s+/).length >= 3,
    );
    const copies = pairs.filter(([path, text]) => text === english.get(path)).map(([path]) => path);
    expect(copies.length, `copied from English: ${copies.join(', ')}`).toBeLessThanOrEqual(Math.floor(pairs.length * 0.1));
  });

  test.each(documentNames)('the title of %s is the page title the navigation shows', (name) => {
    const { title } = readJson(language, name) as { title: string };
    expect(title).toBe(siteMessages.pages[pageKeys[name] as string].title);
  });
});
