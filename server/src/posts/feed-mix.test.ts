import { describe, expect, test } from 'vitest';
import { type BUCKETS, bucketRanges, FEED_INSERT, PATTERN, planSlots, seededOrder, seededRank } from './feed-mix.ts';

const sizes = (values: Partial<Record<(typeof BUCKETS)[number], number>>) => ({
  popular: 0,
  new: 0,
  all500: 0,
  seen: 0,
  all50: 0,
  ...values,
});

describe('planSlots', () => {
  test('opens with the feed insert from the popular head, then repeats the pattern', () => {
    const slots = planSlots(
      0,
      FEED_INSERT + PATTERN.length,
      sizes({ popular: 100, new: 100, all500: 100, seen: 100, all50: 100 }),
    );
    expect(slots.map((slot) => slot.bucket)).toEqual(['all50', 'all50', ...PATTERN]);
    expect(slots.filter((slot) => slot.bucket === 'all50').map((slot) => slot.index)).toEqual([0, 1, 2, 3]);
  });

  test('skips a bucket once it runs dry and ends when all have', () => {
    const slots = planSlots(0, 100, sizes({ popular: 3, new: 1, seen: 2 }));
    expect(slots.map((slot) => slot.bucket)).toEqual(['popular', 'new', 'popular', 'seen', 'popular', 'seen']);
  });

  test('the Popular order lists new posts only after every other bucket, and pages the same way', () => {
    const bucketSizes = sizes({ popular: 6, new: 4, all500: 3, seen: 2, all50: 2 });
    const whole = planSlots(0, 100, bucketSizes, 'popular');
    expect(whole.map((slot) => slot.bucket)).toEqual([
      ...['popular', 'all500', 'all50', 'popular', 'all500', 'seen', 'popular', 'all50'],
      ...['popular', 'all500', 'popular', 'seen', 'popular'],
      ...['new', 'new', 'new', 'new'],
    ]);
    const paged = [0, 5, 10, 15].flatMap((offset) => planSlots(offset, 5, bucketSizes, 'popular'));
    expect(paged).toEqual(whole);
  });

  test('pages cut from the same sequence never repeat or skip a post', () => {
    const bucketSizes = sizes({ popular: Number.POSITIVE_INFINITY, new: 7, all500: 12, seen: 4, all50: 5 });
    const whole = planSlots(0, 120, bucketSizes);
    const paged = [0, 20, 40, 60, 80, 100].flatMap((offset) => planSlots(offset, 20, bucketSizes));
    expect(paged).toEqual(whole);
    const keys = whole.map((slot) => `${slot.bucket}:${slot.index}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('stays quick 100,000 slots deep', () => {
    const started = performance.now();
    const slots = planSlots(100_000, 20, sizes({ popular: Number.POSITIVE_INFINITY, new: 5000, all500: 450, all50: 50 }));
    expect(slots).toHaveLength(20);
    expect(performance.now() - started).toBeLessThan(200);
  });

  test('bucketRanges gives the first index and the span per bucket', () => {
    const slots = planSlots(4, 6, sizes({ popular: 10, new: 10, all500: 10, seen: 10, all50: 10 }));
    // Positions 0–3 are all50 0, all50 1, popular 0, new 0; 4–9 follow.
    expect(bucketRanges(slots)).toEqual({
      all500: { from: 0, count: 2 },
      all50: { from: 2, count: 1 },
      popular: { from: 1, count: 1 },
      new: { from: 1, count: 1 },
      seen: { from: 0, count: 1 },
    });
  });
});

describe('seeded order', () => {
  test('is stable for a seed, differs between seeds and keeps every id', () => {
    const ids = Array.from({ length: 50 }, (_, index) => index + 1);
    expect(seededOrder(7, ids)).toEqual(seededOrder(7, ids));
    expect(seededOrder(7, ids)).not.toEqual(seededOrder(8, ids));
    expect([...seededOrder(7, ids)].sort((a, b) => a - b)).toEqual(ids);
    expect(seededRank(1, 2)).toBeGreaterThanOrEqual(0);
  });
});
