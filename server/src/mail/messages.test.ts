import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { languages } from '../settings/languages.ts';
import { type MessageKey, renderMessage } from './messages.ts';

const keys: MessageKey[] = ['verify-email', 'reset-password'];
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
const catalogue = (language: string) =>
  JSON.parse(readFileSync(new URL(`./messages/${language}.json`, import.meta.url), 'utf8')) as Record<
    MessageKey,
    { subject: string; text: string }
  >;

describe('e-mail messages', () => {
  test('exist in every interface language, translated, with the same placeholders as English', () => {
    const files = readdirSync(new URL('./messages/', import.meta.url)).map((name) => name.replace(/\.json$/, ''));
    const english = catalogue('en');
    for (const { bcp47 } of languages) {
      const language = bcp47.slice(0, 2);
      expect(files, language).toContain(language);
      const messages = catalogue(language);
      for (const key of keys) {
        expect(placeholders(messages[key].text), `${language} ${key}`).toEqual(placeholders(english[key].text));
        expect(messages[key].text.includes('{{link}}'), `${language} ${key} has the link`).toBe(true);
        if (language !== 'en') expect(messages[key].subject, `${language} ${key} translated`).not.toBe(english[key].subject);
      }
    }
  });

  test('render in the reader language with values filled in, falling back to English', () => {
    const values = { username: 'jana', link: 'https://velvet.test/action/abc', hours: 48 };
    const czech = renderMessage('verify-email', 'cs-CZ', values);
    expect(czech.subject).toBe('Potvrďte svou e-mailovou adresu pro Velvet');
    expect(czech.text).toContain('https://velvet.test/action/abc');
    expect(czech.text).toContain('48');
    expect(czech.text).not.toMatch(/\{\{/);
    expect(renderMessage('reset-password', 'xx-YY', values).subject).toBe('Reset your Velvet password');
  });
});
