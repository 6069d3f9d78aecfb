import type { BusEvent } from '../realtime/events.ts';
import type { PostCard } from './post-card.ts';

/** A card as every viewer shares it (no like, no follow) and whether anyone but its owner may see it. */
export interface SharedCard {
  readonly card: PostCard;
  readonly isPublic: boolean;
}

export interface CardCacheLimits {
  /** 0 turns the cache off: every read goes to the database. */
  readonly maxEntries: number;
  /** The longest a card is served without being read again, whatever the bus said (views, a missed event). */
  readonly ttlMs: number;
}

interface Entry extends SharedCard {
  readonly expires: number;
}

/** Past this many remembered invalidations, loads begun before now are treated as stale wholesale. */
const REMEMBERED_CHANGES = 10_000;

/**
 * Post cards of this process, read once and served from memory (issue 23, posts/README.md "Cards from
 * memory"): a page then costs its id query and the viewer's own like/follow probe. Database triggers
 * (migration 0039) announce every change of what a card shows as `cards-changed` on the event bus, which
 * drops the cards on every node; `ttlMs` bounds what no trigger announces (view counts) and what a
 * reconnecting bus listener missed.
 *
 * A load that read the database before a change committed must not store its stale copy after the change's
 * event arrived: `begin()` takes a generation, every invalidation moves it on and remembers which posts and
 * authors it touched, and `store()` keeps only cards nothing has touched since their load began.
 */
export class CardCache {
  readonly #entries = new Map<number, Entry>();
  readonly #postsOfAuthor = new Map<number, Set<number>>();
  readonly #postChangedAt = new Map<number, number>();
  readonly #authorChangedAt = new Map<number, number>();
  #generation = 0;
  #allChangedAt = 0;
  readonly #limits: CardCacheLimits;
  readonly #now: () => number;

  constructor(limits: CardCacheLimits, now: () => number = Date.now) {
    this.#limits = limits;
    this.#now = now;
  }

  static disabled(): CardCache {
    return new CardCache({ maxEntries: 0, ttlMs: 0 });
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The live card of `postId`; an expired one is dropped. */
  get(postId: number): SharedCard | undefined {
    const entry = this.#entries.get(postId);
    if (!entry) return undefined;
    if (entry.expires > this.#now()) return entry;
    this.#remove(postId);
    return undefined;
  }

  /** Call before reading cards from the database; hand the result to `store`. */
  begin(): number {
    return this.#generation;
  }

  /** Keeps the cards read since `begin()` returned `loadedAt`, but none that an invalidation touched meanwhile. */
  store(loadedAt: number, cards: readonly SharedCard[]): void {
    if (this.#limits.maxEntries === 0 || this.#allChangedAt > loadedAt) return;
    const expires = this.#now() + this.#limits.ttlMs;
    for (const shared of cards) {
      const { id } = shared.card;
      const authorId = shared.card.user.id;
      if ((this.#postChangedAt.get(id) ?? -1) > loadedAt || (this.#authorChangedAt.get(authorId) ?? -1) > loadedAt) continue;
      this.#remove(id);
      this.#entries.set(id, { card: deepFreeze(shared.card), isPublic: shared.isPublic, expires });
      const posts = this.#postsOfAuthor.get(authorId) ?? new Set<number>();
      posts.add(id);
      this.#postsOfAuthor.set(authorId, posts);
    }
    while (this.#entries.size > this.#limits.maxEntries) {
      const oldest = this.#entries.keys().next().value as number;
      this.#remove(oldest);
    }
  }

  /** The bus handler: `cards-changed` drops the cards it names (every card when it names none). */
  apply(event: BusEvent): void {
    if (event.type !== 'cards-changed') return;
    this.#generation += 1;
    if (event.postIds) for (const id of event.postIds) this.#invalidatePost(id);
    if (event.authorId !== undefined) this.#invalidateAuthor(event.authorId);
    if (!event.postIds && event.authorId === undefined) this.clear();
    if (this.#postChangedAt.size + this.#authorChangedAt.size > REMEMBERED_CHANGES) this.#forgetChanges();
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#postsOfAuthor.clear();
    this.#forgetChanges();
  }

  #invalidatePost(postId: number) {
    this.#postChangedAt.set(postId, this.#generation);
    this.#remove(postId);
  }

  #invalidateAuthor(authorId: number) {
    this.#authorChangedAt.set(authorId, this.#generation);
    for (const postId of this.#postsOfAuthor.get(authorId) ?? []) this.#entries.delete(postId);
    this.#postsOfAuthor.delete(authorId);
  }

  /** Remembering fewer changes is safe: every load begun before now is then refused as a whole. */
  #forgetChanges() {
    this.#postChangedAt.clear();
    this.#authorChangedAt.clear();
    this.#allChangedAt = this.#generation;
  }

  #remove(postId: number) {
    const entry = this.#entries.get(postId);
    if (!entry) return;
    this.#entries.delete(postId);
    const posts = this.#postsOfAuthor.get(entry.card.user.id);
    posts?.delete(postId);
    if (posts?.size === 0) this.#postsOfAuthor.delete(entry.card.user.id);
  }
}

/** A stored card is shared by every request: freezing it makes a caller that edits one fail loudly. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
