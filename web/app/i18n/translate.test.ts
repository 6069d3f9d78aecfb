import { expect, test } from 'vitest';
import { createTranslator, type MessageKey } from './translate';

const messages = {
  error: { countdown: 'In {{duration}}.', title: 'Oops' },
  feed: { likes_one: '{{count}} like', likes_other: '{{count}} likes' },
};

const key = (text: string) => text as MessageKey;

test('looks up dotted keys and fills placeholders', () => {
  const { t } = createTranslator('en-US', messages);
  expect(t(key('error.title'))).toBe('Oops');
  expect(t(key('error.countdown'), { duration: '10 seconds' })).toBe('In 10 seconds.');
  expect(t(key('error.countdown'))).toBe('In {{duration}}.');
});

test("chooses the plural form of the language's rules", () => {
  expect(createTranslator('en-US', messages).t(key('feed.likes'), { count: 1 })).toBe('1 like');
  expect(createTranslator('en-US', messages).t(key('feed.likes'), { count: 3 })).toBe('3 likes');
  const czech = { feed: { likes_one: '{{count}} lajk', likes_few: '{{count}} lajky', likes_other: '{{count}} lajků' } };
  expect(createTranslator('cs-CZ', czech).t(key('feed.likes'), { count: 3 })).toBe('3 lajky');
  expect(createTranslator('cs-CZ', czech).t(key('feed.likes'), { count: 7 })).toBe('7 lajků');
  // Japanese has only "other".
  expect(createTranslator('ja-JP', { feed: { likes_other: '{{count}} 件' } }).t(key('feed.likes'), { count: 1 })).toBe('1 件');
});

test('falls back to the fallback messages, then to the key itself', () => {
  const { t } = createTranslator('de-DE', { error: { title: 'Hoppla' } }, messages);
  expect(t(key('error.title'))).toBe('Hoppla');
  expect(t(key('error.countdown'), { duration: '1' })).toBe('In 1.');
  expect(t(key('error.missing'))).toBe('error.missing');
  expect(t(key('error'))).toBe('error');
});

test('numbers in a message use the digits and separators of the page language, Latin digits everywhere', () => {
  const photos = { counts: { photos_other: '{{count}} photos' } };
  expect(createTranslator('en-US', photos).t(key('counts.photos'), { count: 1234 })).toBe('1,234 photos');
  expect(createTranslator('de-DE', photos).t(key('counts.photos'), { count: 1234 })).toBe('1.234 photos');
  expect(createTranslator('ar-SA', photos).t(key('counts.photos'), { count: 22 })).toBe('22 photos');
  expect(createTranslator('fa-IR', photos).t(key('counts.photos'), { count: 7 })).toBe('7 photos');
});

test('a plural category the file lacks falls back to the general form', () => {
  expect(createTranslator('fr-FR', { feed: { likes_other: '{{count}} j’aime' } }).t(key('feed.likes'), { count: 1 })).toBe(
    '1 j’aime',
  );
});
