/**
 * The home feed's supply (spec §4 "feed supply mixes buckets popular, new, all500, seen, all50"; the
 * pattern is not shown, so ours is documented in posts/README.md). Every visible post belongs to exactly
 * one bucket, so no post can come twice:
 *
 *   seen    posts the viewer already saw (recorded views and the `seen` ids sent), pushed back to one slot in ten
 *   new     unseen posts listed within NEW_WINDOW_MS before the snapshot, newest first
 *   all50   the 50 most popular older unseen posts, in the order of the seed
 *   all500  popularity ranks 51–500: posts carrying one of the viewer's top tags first, each group in seed order
 *   popular ranks 501 and on, by popularity
 *
 * The home order opens with FEED_INSERT posts of the popular head (spec §9 "feed insert 2 items"), then
 * repeats PATTERN: a brand-new post with no likes yet never leads the feed, it waits for a "new" slot.
 * The Popular page's order repeats PATTERN without its "new" slots and lists new posts only once every
 * other bucket has run dry. A slot whose bucket has run dry is skipped, so the sequence only depends on the
 * buckets' sizes: a client paging by offset with the same snapshot `t` and `seed` gets every post exactly once.
 */
export const NEW_WINDOW_MS = 48 * 3600_000;
export const FEED_INSERT = 2;
export const ALL50 = 50;
export const ALL500 = 500;

export const BUCKETS = ['popular', 'new', 'all500', 'seen', 'all50'] as const;
export type Bucket = (typeof BUCKETS)[number];

export const PATTERN: readonly Bucket[] = [
  'popular',
  'new',
  'all500',
  'all50',
  'popular',
  'new',
  'all500',
  'seen',
  'popular',
  'all50',
];

export type BucketSizes = Readonly<Record<Bucket, number>>;

/** `home`: the For you feed; `popular`: the Popular page, proven posts first and new ones last. */
export type MixOrder = 'home' | 'popular';

/** Where slot `offset + k` takes its post from: the bucket and the post's index inside that bucket. */
export interface Slot {
  readonly bucket: Bucket;
  readonly index: number;
}

/**
 * The slots of positions [offset, offset + limit). Sizes may be Infinity (popular when not counted).
 * Walks the sequence from the start: a few operations per position, microseconds even 100,000 deep.
 */
export function planSlots(offset: number, limit: number, sizes: BucketSizes, order: MixOrder = 'home'): Slot[] {
  const taken: Record<Bucket, number> = { popular: 0, new: 0, all500: 0, seen: 0, all50: 0 };
  const slots: Slot[] = [];
  const end = offset + limit;
  let position = 0;
  const pattern = order === 'home' ? PATTERN : PATTERN.filter((bucket) => bucket !== 'new');
  const patterned = BUCKETS.filter((bucket) => pattern.includes(bucket));
  const remaining = () => patterned.some((bucket) => taken[bucket] < sizes[bucket]);
  const take = (bucket: Bucket) => {
    if (taken[bucket] >= sizes[bucket]) return;
    if (position >= offset) slots.push({ bucket, index: taken[bucket] });
    taken[bucket] += 1;
    position += 1;
  };
  if (order === 'home') for (let insert = 0; insert < FEED_INSERT && position < end; insert++) take('all50');
  while (position < end && remaining()) {
    for (const bucket of pattern) {
      if (position >= end) break;
      take(bucket);
    }
  }
  while (position < end && taken.new < sizes.new) take('new');
  return slots;
}

/** The first index needed and how many, per bucket, for a plan. */
export function bucketRanges(slots: readonly Slot[]): Partial<Record<Bucket, { from: number; count: number }>> {
  const ranges: Partial<Record<Bucket, { from: number; count: number }>> = {};
  for (const { bucket, index } of slots) {
    const range = ranges[bucket];
    if (!range) ranges[bucket] = { from: index, count: 1 };
    else range.count = index - range.from + 1;
  }
  return ranges;
}

/** A stable pseudo-random rank of a post under a seed (32-bit integer hash; no state, no I/O). */
export function seededRank(seed: number, id: number): number {
  let hash = (seed ^ Math.imul(id, 0x9e3779b1)) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35) >>> 0;
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** Ids in the seed's order; ties (practically never) by id. */
export function seededOrder(seed: number, ids: readonly number[]): number[] {
  return [...ids].sort((a, b) => seededRank(seed, a) - seededRank(seed, b) || a - b);
}

/** The seed a snapshot implies when the client sends none, so the same `t` always gives the same order. */
export function seedOf(snapshotMs: number): number {
  return Math.floor(snapshotMs / 1000) % 2_147_483_647;
}
