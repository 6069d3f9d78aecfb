import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { languages } from '../settings/languages.ts';

const keys = ['report-received', 'case-message', 'case-dismissed', 'case-actioned'];
type Catalogue = Record<string, { subject: string; text: string }>;
const catalogue = (language: string): Catalogue =>
  JSON.parse(readFileSync(new URL(`./messages/${language}.json`, import.meta.url), 'utf8'));
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('moderation e-mails', () => {
  test('exist in every interface language, translated, with the placeholders of English', () => {
    const files = readdirSync(new URL('./messages/', import.meta.url)).map((name) => name.replace(/\.json$/, ''));
    const english = catalogue('en');
    for (const { bcp47 } of languages) {
      const language = bcp47.slice(0, 2);
      expect(files, language).toContain(language);
      const messages = catalogue(language);
      expect(Object.keys(messages).sort(), language).toEqual([...keys].sort());
      for (const key of keys) {
        const [mine, source] = [messages[key], english[key]];
        if (!mine || !source) throw new Error(`${language} ${key} missing`);
        expect(placeholders(mine.text), `${language} ${key}`).toEqual(placeholders(source.text));
        expect(placeholders(mine.subject), `${language} ${key} subject`).toEqual(placeholders(source.subject));
        expect(mine.text, `${language} ${key} links the case`).toContain('{{link}}');
        if (language !== 'en') expect(mine.subject, `${language} ${key} translated`).not.toBe(source.subject);
      }
    }
  });
});
