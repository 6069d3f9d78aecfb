import { expect, test } from 'vitest';
import { loadLocaleBundle } from '../../i18n/locale.server';
import type { FeedPost } from './feed-data';
import { postPageMeta } from './post-meta';

const root = { id: 'root', loaderData: { ...(await loadLocaleBundle('en-US')), baseUrl: 'https://velvet.test' } };
const args = { matches: [root], location: { pathname: '/video', search: '?id=8&title=slow-piece' } };

function post(media: FeedPost['media']): FeedPost {
  return {
    id: 8,
    postId: 8,
    title: 'Slow piece',
    status: 6,
    lgbt: 1,
    user: { id: 3, username: 'lena.moves', displayName: 'Lena Moves', iFollowUser: false, avatar: {} },
    media,
    tags: [{ id: 1, tag: 'dance' }],
    likesCount: 0,
    shareCount: 0,
    viewCount: 0,
    likeByUser: false,
    isPinned: false,
    jobs: [],
    path: '/video?id=8&title=slow-piece',
    publishedAt: null,
    sound: null,
    allowEmbedding: true,
    allowDownloads: false,
  };
}

const still = (name: string) => ({ [`${name}-jpg`]: `/media/a/${name}-jpg.jpg`, [`${name}-webp`]: `/media/a/${name}-webp.webp` });
const mediaFile = (mimeType: string, variants: Record<string, string>) => ({
  id: 1,
  name: 'a',
  status: 10,
  mimeType,
  listingSuffix: '',
  width: 540,
  height: 960,
  duration: 8,
  placeholder: null,
  variants,
});

const content = (tags: ReturnType<typeof postPageMeta>, key: string) =>
  tags.find((tag) => (tag as Record<string, string>).property === key || (tag as Record<string, string>).name === key) as
    | { content: string }
    | undefined;

test('a video post: its title, the MP4, the JPEG poster and the 720x1150 player of the embed page', () => {
  const tags = postPageMeta(
    args,
    'video',
    post([mediaFile('video/mp4', { 'mp4-540': '/media/a/mp4-540.mp4', ...still('poster') })]),
  );
  expect(tags[0]).toEqual({ title: 'Slow piece (@lena.moves) · Velvet' });
  expect(tags.filter((tag) => 'title' in tag)).toHaveLength(1);
  expect(content(tags, 'og:type')?.content).toBe('video.other');
  expect(content(tags, 'og:video')?.content).toBe('https://velvet.test/media/a/mp4-540.mp4');
  expect(content(tags, 'og:image')?.content).toBe('https://velvet.test/media/a/poster-jpg.jpg');
  expect(content(tags, 'og:video:width')?.content).toBe('720');
  expect(content(tags, 'og:video:height')?.content).toBe('1150');
  expect(content(tags, 'twitter:player')?.content).toBe('https://velvet.test/embed/8');
  expect(content(tags, 'description')?.content).toContain('#dance');
});

test('an image post: its first picture as the share image', () => {
  const tags = postPageMeta(args, 'video', post([mediaFile('image/jpeg', still('poster'))]));
  expect(content(tags, 'og:image')?.content).toBe('https://velvet.test/media/a/poster-jpg.jpg');
  expect(content(tags, 'og:type')?.content).toBe('website');
  expect(content(tags, 'og:video')).toBeUndefined();
});

test('without a post, the page defaults', () => {
  const tags = postPageMeta(args, 'video', undefined);
  expect(tags[0]).toEqual({ title: 'Video · Velvet' });
});
