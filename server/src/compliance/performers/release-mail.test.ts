import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { languages } from '../../settings/languages.ts';
import type { ReleaseMessage } from './release-mail.ts';

const messages: readonly ReleaseMessage[] = ['guest-release', 'release-rejected'];
const catalogue = (language: string) =>
  JSON.parse(readFileSync(new URL(`./messages/${language}.json`, import.meta.url), 'utf8')) as Record<
    ReleaseMessage,
    { subject: string; text: string }
  >;
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]))].sort();

test('the guest e-mails exist in every interface language, translated, with the link, the post and the expiry', () => {
  const files = readdirSync(new URL('./messages/', import.meta.url));
  const english = catalogue('en');
  expect(placeholders(english['guest-release'].text)).toEqual(['creator', 'expires', 'guestName', 'link', 'title']);
  expect(placeholders(english['release-rejected'].text)).toEqual(['creator', 'expires', 'guestName', 'link', 'reason', 'title']);
  for (const { code } of languages) {
    expect(files, code).toContain(`${code}.json`);
    const translated = catalogue(code);
    for (const message of messages) {
      expect(placeholders(translated[message].text), `${code} ${message}`).toEqual(placeholders(english[message].text));
      expect(placeholders(translated[message].subject), `${code} ${message}`).toEqual(placeholders(english[message].subject));
      if (code !== 'en') expect(translated[message].subject, `${code} ${message} translated`).not.toBe(english[message].subject);
    }
  }
});
