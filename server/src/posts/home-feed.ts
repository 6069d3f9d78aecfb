import { ALL50, ALL500, type Bucket, type BucketSizes, bucketRanges, NEW_WINDOW_MS, planSlots, seededOrder } from './feed-mix.ts';
import type { FeedSupplyRepository, SupplyScope } from './feed-supply.repository.ts';
import type { PopularRanking } from './popular-ranking.ts';
import type { PostCard } from './post-card.ts';
import type { PostFeedRepository } from './post-feed.repository.ts';
import type { TagPreferencesRepository } from './tag-preferences.repository.ts';

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
    const recorded = request.viewerKey && !request.keepSeen ? await this.supply.recentlySeen(request.viewerKey) : [];
    const seen = request.keepSeen ? [] : [...new Set([...recorded, ...request.seen])];
    const scope: SupplyScope = {
      snapshot: request.snapshot,
      newSince: new Date(request.snapshot.getTime() - NEW_WINDOW_MS),
      lgbt: request.lgbt,
      seen,
      exclude: request.exclude,
    };
    const [seenBucket, newCount, head, topTags] = await Promise.all([
      this.supply.seenBucket(scope),
      // One more than the page's end (the slot that tells whether there is more) bounds what the plan can use.
      this.supply.newCount(scope, request.offset + request.limit + 1),
      this.ranking.head(scope),
      request.viewerKey ? this.preferences.top(request.viewerKey) : [],
    ]);
    const all50 = seededOrder(request.seed, head.slice(0, ALL50));
    const all500 = await this.biased(
      head.slice(ALL50, ALL500),
      topTags.map((tag) => tag.tagId),
      request.seed,
    );
    const sizes: Record<Bucket, number> = {
      seen: seenBucket.length,
      new: newCount,
      all50: all50.length,
      all500: all500.length,
      popular: head.length > ALL500 ? Number.POSITIVE_INFINITY : 0,
    };
    let ids = await this.fill(scope, request, sizes, { seen: seenBucket, all50, all500 });
    if (ids.short) {
      // The popular bucket ended inside this page: count it so the plan skips its missing slots.
      sizes.popular = await this.supply.popularCount(scope);
      ids = await this.fill(scope, request, sizes, { seen: seenBucket, all50, all500 });
    }
    return { posts: await this.feed.publicCards(ids.ids, request.viewerId), more: ids.more };
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
    known: { seen: number[]; all50: number[]; all500: number[] },
  ): Promise<{ ids: number[]; more: boolean; short: boolean }> {
    // One slot past the page tells whether there is more.
    const slots = planSlots(request.offset, request.limit + 1, sizes);
    const ranges = bucketRanges(slots);
    const [fresh, popular] = await Promise.all([
      ranges.new ? this.supply.newBucket(scope, ranges.new.from, ranges.new.count) : [],
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
