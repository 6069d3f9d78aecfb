import { ALL500, NEW_WINDOW_MS } from './feed-mix.ts';
import type { FeedSupplyRepository, SupplyScope } from './feed-supply.repository.ts';

/** Posts a ranking holds: the popular head and the popular bucket's first pages, with room for seen ones. */
export const RANKED = 3000;

interface Ranking {
  /** When it was read: its snapshot. */
  readonly at: number;
  /** Older posts of the orientation, most popular first. */
  readonly ids: Promise<readonly number[]>;
}

/**
 * The home mix's popularity order (posts older than the new window, most popular first), read once per
 * orientation every `seconds` and shared by the pages of every viewer in this process. The popular head
 * and the popular bucket's first pages are the same list for everyone but the viewer's seen and left-out
 * posts, which are taken out here. A page reaching beyond the ranked posts, with too many of them seen,
 * or with a snapshot further than `seconds` from the ranking's, reads the database as before.
 * The price of sharing it: for up to `seconds`, a post that has just left the new window is in neither
 * bucket and popularity changes show late. Visibility does not: feed.publicCards leaves out what is no
 * longer visible when the page's cards are read.
 */
export class PopularRanking {
  private readonly supply: FeedSupplyRepository;
  private readonly seconds: number;
  private readonly now: () => number;
  private readonly rankings = new Map<number, Ranking>();

  constructor(supply: FeedSupplyRepository, seconds: number, now: () => number = Date.now) {
    this.supply = supply;
    this.seconds = seconds;
    this.now = now;
  }

  /** The most popular older unseen posts, ALL500 + 1 at most (the extra one tells whether "popular" has any). */
  async head(scope: SupplyScope): Promise<number[]> {
    return (await this.slice(scope, 0, ALL500 + 1)) ?? this.supply.popularHead(scope);
  }

  /** The popular bucket: older unseen posts from popularity rank ALL500 on. */
  async bucket(scope: SupplyScope, from: number, count: number): Promise<number[]> {
    return (await this.slice(scope, ALL500 + from, count)) ?? this.supply.popularBucket(scope, from, count);
  }

  private async slice(scope: SupplyScope, from: number, count: number): Promise<number[] | undefined> {
    if (this.seconds === 0) return undefined;
    const ranking = this.ranking(scope.lgbt ?? 0);
    if (Math.abs(scope.snapshot.getTime() - ranking.at) > this.seconds * 1000) return undefined;
    const ids = await ranking.ids;
    const left = new Set([...scope.seen, ...scope.exclude]);
    const unseen = left.size > 0 ? ids.filter((id) => !left.has(id)) : ids;
    // A ranking shorter than RANKED holds every older post, so a short slice of it is the whole answer.
    const complete = ids.length < RANKED;
    return unseen.length >= from + count || complete ? unseen.slice(from, from + count) : undefined;
  }

  /** The current ranking of an orientation; the pages asking while it is read share the one read. */
  private ranking(lgbt: number): Ranking {
    const now = this.now();
    const current = this.rankings.get(lgbt);
    if (current && now - current.at < this.seconds * 1000) return current;
    const scope = {
      snapshot: new Date(now),
      newSince: new Date(now - NEW_WINDOW_MS),
      lgbt: lgbt || undefined,
      seen: [],
      exclude: [],
    };
    const ranking: Ranking = { at: now, ids: this.supply.mostPopular(scope, RANKED) };
    this.rankings.set(lgbt, ranking);
    ranking.ids.catch(() => {
      if (this.rankings.get(lgbt) === ranking) this.rankings.delete(lgbt);
    });
    return ranking;
  }
}
