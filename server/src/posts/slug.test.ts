import { expect, test } from 'vitest';
import { postPath, titleSlug } from './slug.ts';

test('removes accents, lowercases and turns spaces into hyphens', () => {
  expect(titleSlug('Žluťoučký Kůň Úpěl')).toBe('zlutoucky-kun-upel');
  expect(titleSlug('Crème Brûlée at Noon')).toBe('creme-brulee-at-noon');
});

test('keeps only a-z, 0-9, space and hyphen', () => {
  expect(titleSlug('Hot! 24/7 — #summer_vibes (part-2)')).toBe('hot-247--summervibes-part-2');
  expect(titleSlug('日本語')).toBe('');
});

test('cuts at 100 characters', () => {
  const slug = titleSlug('a b '.repeat(60));
  expect(slug).toHaveLength(100);
  expect(slug).toMatch(/^[a-z0-9-]+$/);
});

test('builds the video link with the slug', () => {
  expect(postPath(42, 'Beach Day')).toBe('/video?id=42&title=beach-day');
  expect(postPath(42, '')).toBe('/video?id=42');
  expect(postPath(7, 'Hi', '-gay')).toBe('/video-gay?id=7&title=hi');
});
