import {
  ALL50,
  ALL500,
  type Bucket,
  type BucketSizes,
  bucketRanges,
  type MixOrder,
  NEW_WINDOW_MS,
  planSlots,
  seededOrder,
} from './feed-mix.ts';
import type { FeedSupplyRepository, SupplyScope } from './feed-supply.repository.ts';
import type { PopularRanking } from './popular-ranking.ts';
import type { PostCard } from './post-card.ts';
import type { PostFeedRepository } from './post-feed.repository.ts';
import type { TagPreferencesRepository } from './tag-preferences.repository.ts';

/** Pages ending within this many posts read the new bucket's head instead of counting it first. */
const NEW_HEAD_READ = 100;

export interface HomeRequest {
  readonly viewerId: number | undefined;
  readonly viewerKey: string | undefined;
  readonly offset: number;
  readonly limit: number;
  readonly snapshot: Date;
  readonly seed: number;
  readonly lgbt: number | undefined;
  /** Post ids the client already showed (`seen`), pushed back with the recorded views. */
  readonly seen: readonly number[];
  /** Post ids to leave out (`rest`). */
  readonly exclude: readonly number[];
  /** `nsfhp=1`: no seen bucket; seen posts stay where the other buckets put them. */
  readonly keepSeen: boolean;
  readonly order: MixOrder;
}

export interface HomePage {
  readonly posts: PostCard[];
  readonly more: boolean;
}

/** The home feed of feed-mix.ts: sizes the buckets, plans the page's slots, then fetches only those posts. */
export class HomeFeed {
  private readonly supply: FeedSupplyRepository;
  private readonly feed: PostFeedRepository;
  private readonly preferences: TagPreferencesRepository;
  private readonly ranking: PopularRanking;

  constructor(
    supply: FeedSupplyRepository,
    feed: PostFeedRepository,
    preferences: TagPreferencesRepository,
    ranking: PopularRanking,
  ) {
    this.supply = supply;
    this.feed = feed;
    this.preferences = preferences;
    this.ranking = ranking;
  }

  async page(request: HomeRequest): Promise<HomePage> {
    const [recorded, topTags] = await Promise.all([
      request.viewerKey && !request.keepSeen ? this.supply.recentlySeen(request.viewerKey) : [],
      request.viewerKey ? this.preferences.top(request.viewerKey) : [],
    ]);
    const seen = request.keepSeen ? [] : [...new Set([...recorded, ...request.seen])];
    const scope: SupplyScope = {
      snapshot: request.snapshot,
      newSince: new Date(request.snapshot.getTime() - NEW_WINDOW_MS),
      lgbt: request.lgbt,
      seen,
      exclude: request.exclude,
    };
    const [seenBucket, fresh, head] = await Promise.all([
      this.supply.seenBucket(scope),
      // One more than the page's end (the slot that tells whether there is more) bounds what the plan can use.
      this.newSupply(scope, request.offset + request.limit + 1),
      this.ranking.head(scope),
    ]);
    const all50 = seededOrder(request.seed, head.slice(0, ALL50));
    const all500 = await this.biased(
      head.slice(ALL50, ALL500),
      topTags.map((tag) => tag.tagId),
      request.seed,
    );
    const sizes: Record<Bucket, number> = {
      seen: seenBucket.length,
      new: fresh.size,
      all50: all50.length,
      all500: all500.length,
      popular: head.length > ALL500 ? Number.POSITIVE_INFINITY : 0,
    };
    const known = { seen: seenBucket, all50, all500, newHead: fresh.head };
    let ids = await this.fill(scope, request, sizes, known);
    if (ids.short) {
      // The popular bucket ended inside this page: count it so the plan skips its missing slots.
      sizes.popular = await this.supply.popularCount(scope);
      ids = await this.fill(scope, request, sizes, known);
    }
    return { posts: await this.feed.publicCards(ids.ids, request.viewerId), more: ids.more };
  }

  /**
   * The new bucket's size up to `end`. A page ending within NEW_HEAD_READ posts (most of the traffic)
   * reads those posts at once, so it needs no second query for them.
   */
  private async newSupply(scope: SupplyScope, end: number): Promise<{ size: number; head?: number[] }> {
    if (end > NEW_HEAD_READ) return { size: await this.supply.newCount(scope, end) };
    const head = await this.supply.newBucket(scope, 0, end);
    return { size: head.length, head };
  }

  /** Posts carrying one of the viewer's top tags first (spec §4 preference), each group in seed order. */
  private async biased(ids: readonly number[], tagIds: readonly number[], seed: number): Promise<number[]> {
    const preferred = await this.supply.carryingTags(ids, tagIds);
    const ordered = seededOrder(seed, ids);
    return [...ordered.filter((id) => preferred.has(id)), ...ordered.filter((id) => !preferred.has(id))];
  }

  private async fill(
    scope: SupplyScope,
    request: HomeRequest,
    sizes: BucketSizes,
    known: { seen: number[]; all50: number[]; all500: number[]; newHead: number[] | undefined },
  ): Promise<{ ids: number[]; more: boolean; short: boolean }> {
    // One slot past the page tells whether there is more.
    const slots = planSlots(request.offset, request.limit + 1, sizes, request.order);
    const ranges = bucketRanges(slots);
    const [fresh, popular] = await Promise.all([
      ranges.new
        ? (known.newHead?.slice(ranges.new.from, ranges.new.from + ranges.new.count) ??
          this.supply.newBucket(scope, ranges.new.from, ranges.new.count))
        : [],
      ranges.popular ? this.ranking.bucket(scope, ranges.popular.from, ranges.popular.count) : [],
    ]);
    const fetched: Record<'new' | 'popular', number[]> = { new: fresh, popular };
    const short =
      ranges.popular !== undefined && popular.length < ranges.popular.count && sizes.popular === Number.POSITIVE_INFINITY;
    const ids = slots.flatMap(({ bucket, index }) => {
      if (bucket === 'new' || bucket === 'popular') return fetched[bucket][index - (ranges[bucket]?.from ?? 0)] ?? [];
      return known[bucket][index] ?? [];
    });
    return { ids: ids.slice(0, request.limit), more: ids.length > request.limit, short };
  }
}
