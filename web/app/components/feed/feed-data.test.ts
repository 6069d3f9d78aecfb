import { describe, expect, test } from 'vitest';
import { FeedLoadError, fetchPage, fetchPost, listPath, playbackPreferences, startWith } from './feed-data';

const source = { filters: { following: '1' }, lgbt: 2, pageSize: 20 };
const post = (id: number) => ({ id, title: `Post ${id}` });

describe('list calls', () => {
  test('the first page asks without offset or snapshot; later pages send both', () => {
    expect(listPath(source, 0, undefined)).toBe('/api/post/?following=1&lgbt=2&limit=20');
    expect(listPath(source, 20, 1_795_000_000_000)).toBe('/api/post/?following=1&lgbt=2&limit=20&offset=20&t=1795000000000');
  });

  test('a page leaves out posts already shown and moves the offset by what the list answered', async () => {
    const calls: string[] = [];
    const get = async (path: string) => {
      calls.push(path);
      return { statusCode: 2, posts: [post(3), post(4), post(5)], canLoadMore: true, t: 99 };
    };
    const page = await fetchPage(get, source, 20, 99, new Set([4]));
    expect(page.posts.map((shown) => shown.id)).toEqual([3, 5]);
    expect(page.offset).toBe(23);
    expect(calls).toEqual(['/api/post/?following=1&lgbt=2&limit=20&offset=20&t=99']);
  });

  test('a feed opened at a post starts with it and lists it only once', async () => {
    const get = async (path: string) =>
      path.startsWith('/api/post/7')
        ? { statusCode: 2, post: post(7) }
        : { statusCode: 2, posts: [post(1), post(7), post(2)], canLoadMore: false, t: 5 };
    const start = await startWith(get, source, await fetchPost(get, 7));
    expect(start.posts.map((shown) => shown.id)).toEqual([7, 1, 2]);
    expect(start).toMatchObject({ openedId: 7, offset: 3, t: 5, canLoadMore: false });
  });

  test('a feed can start with fewer posts than a page; the next page goes on from there with the page size', async () => {
    const calls: string[] = [];
    const get = async (path: string) => {
      calls.push(path);
      return { statusCode: 2, posts: [post(1), post(2), post(3), post(4)], canLoadMore: true, t: 8 };
    };
    const start = await startWith(get, source, undefined, 4);
    expect(start).toMatchObject({ offset: 4, t: 8, canLoadMore: true });
    await fetchPage(get, source, start.offset, start.t, new Set());
    expect(calls).toEqual(['/api/post/?following=1&lgbt=2&limit=4', '/api/post/?following=1&lgbt=2&limit=20&offset=4&t=8']);
  });

  test('an error answer becomes a FeedLoadError with the server code', async () => {
    const get = async () => ({ statusCode: -13, error: 'not_found' });
    await expect(fetchPost(get, 7)).rejects.toEqual(new FeedLoadError('not_found'));
  });
});

test('playback cookies: autoplay unless turned off, the not-playable popup once seen', () => {
  expect(playbackPreferences(undefined)).toEqual({ autoplay: true, notPlayableSeen: false });
  expect(playbackPreferences('autoplay=0; videoNotPlayablePopup=1')).toEqual({ autoplay: false, notPlayableSeen: true });
  expect(playbackPreferences('autoplay=1')).toEqual({ autoplay: true, notPlayableSeen: false });
});
