import { describe, expect, test } from 'vitest';
import { contextFilters, type FeedContext, readFeedContext, readPostId, titleSlug, videoLink } from './post-links';

const post = { id: 42, title: 'Crème Brûlée at Noon!' };
const gay = { suffix: '-gay' } as const;

describe('title slug (spec §5)', () => {
  test('no accents, lowercase, a-z 0-9 space hyphen, spaces to hyphens', () => {
    expect(titleSlug('Crème Brûlée at Noon!')).toBe('creme-brulee-at-noon');
    expect(titleSlug('Žluťoučký kůň — 24/7')).toBe('zlutoucky-kun--247');
  });

  test('at most 100 characters', () => {
    expect(titleSlug('word '.repeat(40))).toHaveLength(100);
  });
});

describe('video links (spec §2)', () => {
  test('id and title slug, in the orientation of the page', () => {
    expect(videoLink(post)).toBe('/video?id=42&title=creme-brulee-at-noon');
    expect(videoLink(post, undefined, gay)).toBe('/video-gay?id=42&title=creme-brulee-at-noon');
    expect(videoLink({ id: 7, title: '日本語' })).toBe('/video?id=7');
  });

  test.each<[FeedContext, string]>([
    [{ kind: 'playlist', playlistId: 9 }, '&playlist=9'],
    [{ kind: 'tag', tag: 'beach' }, '&tag=beach'],
    [{ kind: 'myFollows' }, '&type=myFollows'],
    [{ kind: 'user', username: 'luna.rose' }, '&user=luna.rose'],
    [{ kind: 'myLikes' }, '&type=myLikes'],
    [{ kind: 'query', query: 'red dress', excludedTagId: 4, queryType: 'tag' }, '&query=red+dress&nqt=4&qt=tag'],
  ])('carries the feed context %o', (context, suffix) => {
    const link = videoLink(post, context);
    expect(link).toBe(`/video?id=42&title=creme-brulee-at-noon${suffix}`);
    const parameters = new URL(link, 'https://velvet.test').searchParams;
    expect(readFeedContext(parameters)).toEqual(context);
    expect(readPostId(parameters)).toBe(42);
  });

  test('a missing or malformed context is the home feed; a malformed id is no id', () => {
    expect(readFeedContext(new URLSearchParams('playlist=abc&type=other'))).toEqual({ kind: 'home' });
    expect(readPostId(new URLSearchParams('id=0'))).toBeUndefined();
    expect(readPostId(new URLSearchParams('id=12x'))).toBeUndefined();
    expect(readPostId(new URLSearchParams(''))).toBeUndefined();
  });
});

describe('the list call that continues a context', () => {
  const opened = { user: { id: 5, username: 'Luna.Rose' }, tags: [{ id: 77, tag: 'beach' }] };

  test('maps each context to the GET /api/post/ filters', () => {
    expect(contextFilters({ kind: 'playlist', playlistId: 9 }, opened)).toEqual({ playlistId: '9' });
    expect(contextFilters({ kind: 'tag', tag: 'Beach' }, opened)).toEqual({ tagId: '77' });
    expect(contextFilters({ kind: 'myFollows' }, opened)).toEqual({ following: '1' });
    expect(contextFilters({ kind: 'user', username: 'luna.rose' }, opened)).toEqual({ userId: '5' });
    expect(contextFilters({ kind: 'myLikes' }, opened)).toEqual({ likes: '1' });
  });

  test('falls back to the home feed when the opened post cannot resolve the context', () => {
    expect(contextFilters({ kind: 'tag', tag: 'snow' }, opened)).toEqual({});
    expect(contextFilters({ kind: 'user', username: 'someone' }, opened)).toEqual({});
    expect(contextFilters({ kind: 'query', query: 'red' }, opened)).toEqual({});
    expect(contextFilters({ kind: 'home' }, undefined)).toEqual({});
  });
});
