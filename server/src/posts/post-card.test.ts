import { describe, expect, it } from 'vitest';
import type { MediaVariant } from '../db/schema.ts';
import { type MediaRow, type PageRow, toPostCard, toPostMedia } from './post-card.ts';

const stored = (name: string, names: readonly string[]): Record<string, MediaVariant> =>
  Object.fromEntries(
    names.map((variant) => {
      const extension = variant === 'hls' ? 'm3u8' : variant.startsWith('mp4-') ? 'mp4' : variant.split('-').at(-1);
      return [variant, { key: `media/${name}/${variant}.${extension}`, mime: 'application/octet-stream' }];
    }),
  );

const file = (variants: Record<string, MediaVariant>): MediaRow => ({
  id: 1,
  postId: 1,
  name: 'abc',
  status: 10,
  mimeType: 'image/jpeg',
  listingSuffix: '',
  width: 1080,
  height: 1350,
  durationMs: null,
  placeholder: null,
  variants,
});

describe('toPostMedia', () => {
  it("lists an image's stills a card shows, not every size, format and thumbnail the pipeline stored", () => {
    const sized = ['listing', 'poster', 'thumb', 'avatar', 'banner'].flatMap((purpose) =>
      ['small', 'medium', 'retina'].flatMap((size) => [`${purpose}-${size}-webp`, `${purpose}-${size}-jpg`]),
    );
    const shown = ['poster-webp', 'poster-jpg', 'listing-webp', 'listing-jpg', 'thumb-webp', 'thumb-jpg', 'mp4-720'];
    const media = toPostMedia(file(stored('abc', [...sized, ...shown, 'peek-jpg', 'peek-png', 'mini-jpg', 'mini-png'])));
    expect(Object.keys(media.variants).sort()).toEqual([...shown].sort());
    expect(media.variants['poster-webp']).toBe('/media/abc/poster-webp.webp');
  });

  it("lists a video's playlist, every MP4 rung and its caption files", () => {
    const names = ['hls', 'mp4-360', 'mp4-540', 'mp4-1080', 'caption-de', 'caption-ar', 'poster-jpg', 'peek-png', 'mini-jpg'];
    const media = toPostMedia(file(stored('vid', names)));
    expect(Object.keys(media.variants).sort()).toEqual(
      ['caption-ar', 'caption-de', 'hls', 'mp4-1080', 'mp4-360', 'mp4-540', 'poster-jpg'].sort(),
    );
    expect(media.variants.hls).toBe('/media/vid/hls.m3u8');
  });
});

describe('toPostCard', () => {
  it("gives the author's avatar at the sizes a card shows; the retina one is the profile's", () => {
    const avatarVariants = stored(
      'face',
      ['small', 'medium', 'retina'].flatMap((size) => [`avatar-${size}-webp`, `avatar-${size}-jpg`]),
    );
    const row: PageRow = {
      id: 7,
      title: 'A title',
      status: 6,
      lgbt: 1,
      likesCount: 0,
      sharesCount: 0,
      viewsCount: 0,
      pinnedAt: null,
      publishedAt: null,
      userId: 3,
      username: 'someone',
      displayName: 'Someone',
      avatarVariants,
      allowEmbedding: true,
      allowDownloads: false,
    };
    const card = toPostCard(row, { media: [], tags: [], jobs: [], likeByUser: false, iFollowUser: false, sound: null });
    expect(card.user.avatar).toEqual({
      'avatar-small-webp': '/media/face/avatar-small-webp.webp',
      'avatar-small-jpg': '/media/face/avatar-small-jpg.jpg',
      'avatar-medium-webp': '/media/face/avatar-medium-webp.webp',
      'avatar-medium-jpg': '/media/face/avatar-medium-jpg.jpg',
    });
  });
});
