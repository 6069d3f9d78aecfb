import { describe, expect, test } from 'vitest';
import { avatarUrl, backdropUrl, pickMp4, pickSource, stillUrl, videoSources } from './renditions';

const media = {
  variants: {
    'mp4-1080': '/media/a/mp4-1080.mp4',
    'mp4-360': '/media/a/mp4-360.mp4',
    'mp4-720': '/media/a/mp4-720.mp4',
    hls: '/media/a/hls/master.m3u8',
    'poster-webp': '/media/a/poster-webp.webp',
    'thumb-jpg': '/media/a/thumb-jpg.jpg',
  },
};

describe('video renditions', () => {
  test('HLS and the MP4s by height, highest first, told apart by file type', () => {
    const sources = videoSources(media);
    expect(sources.hls?.url).toBe('/media/a/hls/master.m3u8');
    expect(sources.mp4.map((rendition) => rendition.height)).toEqual([1080, 720, 360]);
  });

  test('auto plays HLS when there is one', () => {
    expect(pickSource(videoSources(media), 'auto', 1700)?.kind).toBe('hls');
  });

  test('a chosen MP4 wins over HLS', () => {
    expect(pickSource(videoSources(media), 'mp4-360', 1700)?.url).toBe('/media/a/mp4-360.mp4');
  });

  test('without HLS, the smallest MP4 that covers the screen, else the largest', () => {
    const sources = videoSources({ variants: { 'mp4-540': '/m/540.mp4', 'mp4-1080': '/m/1080.mp4' } });
    expect(pickMp4(sources, 'auto', 500)?.height).toBe(540);
    expect(pickMp4(sources, 'auto', 900)?.height).toBe(1080);
    expect(pickMp4(sources, 'auto', 3000)?.height).toBe(1080);
    expect(pickSource(videoSources({ variants: {} }), 'auto', 900)).toBeUndefined();
  });
});

describe('stills', () => {
  test('prefer WebP at the asked size and fall back to other sizes', () => {
    expect(stillUrl(media, 'poster')).toBe('/media/a/poster-webp.webp');
    expect(stillUrl(media, 'thumb')).toBe('/media/a/thumb-jpg.jpg');
    expect(stillUrl({ variants: {} }, 'listing')).toBeUndefined();
  });

  test("the backdrop is the media's 64 px still at its fixed /thumber/ address", () => {
    expect(backdropUrl({ name: 'Ab-3_x' })).toBe('/thumber/mini/Ab-3_x.jpg');
  });

  test('avatars by size, WebP first', () => {
    expect(avatarUrl({ 'avatar-small-jpg': '/s.jpg', 'avatar-small-webp': '/s.webp' }, 'small')).toBe('/s.webp');
    expect(avatarUrl({}, 'small')).toBeUndefined();
  });
});
