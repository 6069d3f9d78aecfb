import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { languages } from '../settings/languages.ts';

const catalogue = (language: string) =>
  JSON.parse(readFileSync(new URL(`./messages/${language}.json`, import.meta.url), 'utf8'))['export-ready'] as {
    subject: string;
    text: string;
  };
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

test('the export-ready e-mail exists in every interface language, translated, with the link and the expiry', () => {
  const files = readdirSync(new URL('./messages/', import.meta.url));
  const english = catalogue('en');
  expect(placeholders(english.text)).toEqual(['expires', 'link', 'username']);
  for (const { code } of languages) {
    expect(files, code).toContain(`${code}.json`);
    const message = catalogue(code);
    expect(placeholders(message.text), code).toEqual(placeholders(english.text));
    if (code !== 'en') expect(message.subject, `${code} translated`).not.toBe(english.subject);
  }
});
