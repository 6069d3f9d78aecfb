import { expect, test } from 'vitest';
import { loadMessages } from './locale.server';
import { createTranslator } from './translate';

/** The shipped count texts read right for the numbers a screen shows, one digit script per page. */
test.each([
  ['en-US', 1, '1 follower'],
  ['en-US', 2, '2 followers'],
  ['cs-CZ', 3, '3 sledující'],
  ['cs-CZ', 5, '5 sledujících'],
  ['ru-RU', 21, '21 подписчик'],
  ['ru-RU', 22, '22 подписчика'],
  ['ru-RU', 25, '25 подписчиков'],
  ['pl-PL', 5, '5 obserwujących'],
  ['ar-SA', 2, '2 متابعان'],
  ['ar-SA', 3, '3 متابعين'],
  ['ar-SA', 11, '11 متابعًا'],
  ['he-IL', 1, '1 עוקב'],
  ['ja-JP', 1, 'フォロワー1人'],
])('%s: %i followers', async (locale, count, text) => {
  const { t } = createTranslator(locale, await loadMessages(locale));
  expect(t('counts.followers', { count, formatted: String(count) })).toBe(text);
});

test('photo badges and search counts agree with their number', async () => {
  const english = createTranslator('en-US', await loadMessages('en-US')).t;
  expect(english('counts.photos', { count: 1 })).toBe('1 photo');
  expect(english('counts.photos', { count: 4 })).toBe('4 photos');
  expect(english('counts.searches', { count: 1 })).toBe('1 search');
  expect(english('counts.followerLabel', { count: 1 })).toBe('Follower');
  const arabic = createTranslator('ar-SA', await loadMessages('ar-SA')).t;
  expect(arabic('counts.photos', { count: 1234 })).toBe('1,234 صورة');
});
