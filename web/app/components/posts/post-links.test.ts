import { describe, expect, test } from 'vitest';
import { downloadLink, isPlayable, processingProgress, profileVideoLink, tileImage } from './post-links';

const job = (state: 'new' | 'started' | 'done') => ({ kind: 'transcode', state });

describe('profileVideoLink', () => {
  test('carries the id, the title slug and the profile as feed context', () => {
    expect(profileVideoLink({ id: 7, title: 'Crème Brûlée at Noon', lgbt: 1 }, 'lena.moves')).toBe(
      '/video?id=7&title=creme-brulee-at-noon&user=lena.moves',
    );
    expect(profileVideoLink({ id: 8, title: '', lgbt: 2 }, 'marco')).toBe('/video-gay?id=8&user=marco');
    expect(profileVideoLink({ id: 9, title: 'x', lgbt: 3 }, 'a_b')).toBe('/video-trans?id=9&title=x&user=a_b');
  });
});

describe('processingProgress (spec §4)', () => {
  test('follows the formula for status 2 and gives 0 for 1, 4, 5', () => {
    expect(processingProgress({ status: 2, jobs: [job('new'), job('new')] })).toBe(0);
    expect(processingProgress({ status: 2, jobs: [job('started'), job('new')] })).toBe(16);
    expect(processingProgress({ status: 2, jobs: [job('done'), job('started'), job('new')] })).toBe(44);
    expect(processingProgress({ status: 2, jobs: [job('done'), job('done')] })).toBe(100);
    for (const status of [1, 4, 5]) expect(processingProgress({ status, jobs: [job('done')] })).toBe(0);
    for (const status of [3, 6, 8]) expect(processingProgress({ status, jobs: [] })).toBeUndefined();
  });
});

test('tileImage prefers the listing rendition', () => {
  const variants = { 'listing-webp': '/a.webp', 'listing-jpg': '/a.jpg', 'poster-jpg': '/p.jpg' };
  expect(tileImage({ media: [{ variants } as never] })).toEqual({ webp: '/a.webp', jpg: '/a.jpg' });
  expect(tileImage({ media: [] })).toEqual({ webp: undefined, jpg: undefined });
});

test("isPlayable: the owner's processing and failed posts have nothing to play yet", () => {
  expect(isPlayable({ status: 6, jobs: [] }, true)).toBe(true);
  expect(isPlayable({ status: 8, jobs: [] }, true)).toBe(true);
  for (const status of [1, 2, 3, 4, 5]) expect(isPlayable({ status, jobs: [job('started')] }, true)).toBe(false);
  // Others are never listed such posts: their tiles are always links.
  expect(isPlayable({ status: 2, jobs: [job('started')] }, false)).toBe(true);
});

describe('downloadLink', () => {
  const media = (variants: Record<string, string>) => [{ variants }] as never;

  test('the tallest MP4 rendition as a download, only when the creator allows downloads', () => {
    const variants = { 'mp4-540': '/media/a/mp4-540.mp4', 'mp4-1080': '/media/a/mp4-1080.mp4', hls: '/media/a/hls.m3u8' };
    expect(downloadLink({ allowDownloads: true, media: media(variants) })).toBe('/media/a/mp4-1080.mp4?download=1');
    expect(downloadLink({ allowDownloads: false, media: media(variants) })).toBeUndefined();
    expect(downloadLink({ allowDownloads: true, media: media({ 'poster-jpg': '/media/a/poster.jpg' }) })).toBeUndefined();
  });
});
