import { describe, expect, test } from 'vitest';
import { CardCache, type SharedCard } from './card-cache.ts';
import type { PostCard } from './post-card.ts';

function shared(id: number, authorId = 1, title = `Post ${id}`): SharedCard {
  const card = { id, postId: id, title, user: { id: authorId, username: `u${authorId}`, avatar: {} }, media: [], tags: [] };
  return { card: card as unknown as PostCard, isPublic: true };
}

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('the card cache', () => {
  test('serves a stored card until its lifetime ends', () => {
    const time = clock();
    const cache = new CardCache({ maxEntries: 10, ttlMs: 30_000 }, time.now);
    cache.store(cache.begin(), [shared(1)]);
    expect(cache.get(1)?.card.title).toBe('Post 1');
    time.advance(29_999);
    expect(cache.get(1)).toBeDefined();
    time.advance(1);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test('keeps at most maxEntries, the oldest stored going first', () => {
    const cache = new CardCache({ maxEntries: 3, ttlMs: 60_000 });
    cache.store(cache.begin(), [shared(1), shared(2), shared(3)]);
    cache.store(cache.begin(), [shared(4)]);
    expect(cache.size).toBe(3);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(4)).toBeDefined();
  });

  test('stores nothing when turned off', () => {
    const cache = CardCache.disabled();
    cache.store(cache.begin(), [shared(1)]);
    expect(cache.get(1)).toBeUndefined();
  });

  test('drops the posts an event names, every post of a changed author, or everything', () => {
    const cache = new CardCache({ maxEntries: 10, ttlMs: 60_000 });
    cache.store(cache.begin(), [shared(1, 7), shared(2, 7), shared(3, 8), shared(4, 9)]);
    cache.apply({ type: 'cards-changed', postIds: [3] });
    expect([1, 2, 3, 4].map((id) => cache.get(id) !== undefined)).toEqual([true, true, false, true]);
    cache.apply({ type: 'cards-changed', authorId: 7 });
    expect([1, 2, 4].map((id) => cache.get(id) !== undefined)).toEqual([false, false, true]);
    cache.apply({ type: 'cards-changed' });
    expect(cache.size).toBe(0);
  });

  test('ignores the bus events of other domains', () => {
    const cache = new CardCache({ maxEntries: 10, ttlMs: 60_000 });
    cache.store(cache.begin(), [shared(1)]);
    cache.apply({ type: 'post-likes', postId: 1, likesCount: 3 });
    cache.apply({ type: 'content-withdrawn' });
    expect(cache.get(1)).toBeDefined();
  });

  test('refuses a copy read before a change whose event arrived while the read was under way', () => {
    const cache = new CardCache({ maxEntries: 10, ttlMs: 60_000 });
    const loadedAt = cache.begin();
    cache.apply({ type: 'cards-changed', postIds: [1] });
    cache.apply({ type: 'cards-changed', authorId: 9 });
    cache.store(loadedAt, [shared(1), shared(2, 9), shared(3)]);
    expect([1, 2, 3].map((id) => cache.get(id) !== undefined)).toEqual([false, false, true]);
    // A read begun after the change stores its fresh copy.
    cache.store(cache.begin(), [shared(1, 1, 'fresh')]);
    expect(cache.get(1)?.card.title).toBe('fresh');
  });

  test('refuses every copy read before a change to everything', () => {
    const cache = new CardCache({ maxEntries: 10, ttlMs: 60_000 });
    const loadedAt = cache.begin();
    cache.apply({ type: 'cards-changed' });
    cache.store(loadedAt, [shared(1)]);
    expect(cache.get(1)).toBeUndefined();
  });

  test('stays safe when it stops remembering old changes', () => {
    const cache = new CardCache({ maxEntries: 10, ttlMs: 60_000 });
    const loadedAt = cache.begin();
    for (let id = 100; id < 10_200; id += 1) cache.apply({ type: 'cards-changed', postIds: [id] });
    // Post 1 was never named, but a read that old can no longer be told apart from a stale one.
    cache.store(loadedAt, [shared(1)]);
    expect(cache.get(1)).toBeUndefined();
    cache.store(cache.begin(), [shared(1)]);
    expect(cache.get(1)).toBeDefined();
  });

  test('hands out frozen cards, so no request can edit what the next one is served', () => {
    const cache = new CardCache({ maxEntries: 10, ttlMs: 60_000 });
    cache.store(cache.begin(), [shared(1)]);
    const card = cache.get(1)?.card as { title: string; user: { username: string } };
    expect(() => {
      card.title = 'edited';
    }).toThrow(TypeError);
    expect(() => {
      card.user.username = 'edited';
    }).toThrow(TypeError);
  });
});
