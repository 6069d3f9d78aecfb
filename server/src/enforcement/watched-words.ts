import { AppError } from '../http/errors.ts';
import { RestrictedTerms } from '../search/restricted-terms.ts';
import { normalizeSearchText } from '../search/search-text.ts';
import type { Actor, AuditWriter } from './ports.ts';
import type { WatchAction, WatchedWordRow, WatchedWordsRepository, WatchScope } from './watched-words.repository.ts';
import { watchScopes } from './watched-words.repository.ts';

/** How long a node trusts its copy of the list before reading it again (another node may have changed it). */
const REFRESH_MS = 30_000;

export interface WatchedWordView {
  readonly id: number;
  readonly term: string;
  readonly scopes: WatchScope[];
  readonly action: WatchAction;
  readonly createdAt: string;
  readonly updatedAt: string;
}

const view = (row: WatchedWordRow): WatchedWordView => ({
  id: row.id,
  term: row.term,
  scopes: row.scopes,
  action: row.action,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

type Matchers = Record<WatchScope, Record<WatchAction, RestrictedTerms>>;

/** What posts, profiles and search ask before they accept text (issue 20 "Watched words"). */
export interface ContentScreen {
  /** Throws `watched_word_blocked` naming the field; answers true when the post must wait for review. */
  screenPost(fields: { title?: string; tags?: readonly string[] }): boolean;
  holdPost(postId: number): Promise<void>;
  /** Throws `watched_word_blocked`: a bio has no state to wait in, so a review term refuses it as well. */
  screenBio(bio: string): void;
  /** Search (spec §8 -2): the shipped restricted terms and every watched word with the search scope. */
  matches(normalizedQuery: string): boolean;
}

/**
 * Watched words: the shipped defaults (search/restricted-terms.json: terms implying minors, non-consent and
 * other illegal content in the 22 languages) block in every scope and cannot be removed here; admins add
 * terms per scope (title, tag, bio, search) that block or hold for review. Matching is that of the
 * restricted search terms (normalised text, whole words, unspaced scripts inside words).
 */
export class WatchedWords implements ContentScreen {
  readonly #repository: WatchedWordsRepository;
  readonly #audit: AuditWriter;
  readonly #defaults: RestrictedTerms;
  #matchers: Matchers;
  #loadedAt = 0;
  #loading: Promise<void> | undefined;

  constructor(repository: WatchedWordsRepository, audit: AuditWriter, defaults = RestrictedTerms.load()) {
    this.#repository = repository;
    this.#audit = audit;
    this.#defaults = defaults;
    this.#matchers = this.#compile([]);
  }

  /** Reads the list now; later reads happen in the background every 30 s. */
  async refresh(): Promise<void> {
    this.#matchers = this.#compile(await this.#repository.all());
    this.#loadedAt = Date.now();
  }

  list(): Promise<WatchedWordRow[]> {
    return this.#repository.all();
  }

  async listView() {
    return { defaultTermsCount: this.#defaults.size, words: (await this.#repository.all()).map(view) };
  }

  async add(actor: Actor, term: string, scopes: readonly WatchScope[], action: WatchAction): Promise<WatchedWordView> {
    const normalized = normalizeSearchText(term);
    if (!normalized) throw new AppError('invalid_input', { details: [{ field: 'body/term', problem: 'no letters or digits' }] });
    const row = await this.#repository.add(normalized, [...new Set(scopes)], action, actor.id);
    if (!row) throw new AppError('conflict');
    await this.#changed(actor, 'watched-word.add', row);
    return view(row);
  }

  async update(
    actor: Actor,
    id: number,
    change: { scopes?: readonly WatchScope[]; action?: WatchAction },
  ): Promise<WatchedWordView> {
    const row = await this.#repository.update(id, { ...change, scopes: change.scopes && [...new Set(change.scopes)] });
    if (!row) throw new AppError('not_found');
    await this.#changed(actor, 'watched-word.update', row);
    return view(row);
  }

  async remove(actor: Actor, id: number): Promise<void> {
    const row = await this.#repository.remove(id);
    if (!row) throw new AppError('not_found');
    await this.#changed(actor, 'watched-word.remove', row);
  }

  screenPost(fields: { title?: string; tags?: readonly string[] }): boolean {
    const title = this.#judge('title', fields.title ?? '');
    if (title === 'block') throw blocked('body/title');
    const tags = (fields.tags ?? []).map((tag) => this.#judge('tag', tag));
    if (tags.includes('block')) throw blocked('body/tags');
    return title === 'review' || tags.includes('review');
  }

  holdPost(postId: number): Promise<void> {
    return this.#repository.holdPost(postId);
  }

  screenBio(bio: string): void {
    if (this.#judge('bio', bio)) throw blocked('body/bio');
  }

  matches(normalizedQuery: string): boolean {
    this.#refreshIfStale();
    return (
      this.#defaults.matches(normalizedQuery) ||
      Object.values(this.#matchers.search).some((terms) => terms.matches(normalizedQuery))
    );
  }

  #judge(scope: WatchScope, text: string): WatchAction | undefined {
    this.#refreshIfStale();
    const normalized = normalizeSearchText(text);
    if (!normalized) return undefined;
    if (this.#defaults.matches(normalized) || this.#matchers[scope].block.matches(normalized)) return 'block';
    return this.#matchers[scope].review.matches(normalized) ? 'review' : undefined;
  }

  async #changed(actor: Actor, action: string, row: WatchedWordRow): Promise<void> {
    await this.#audit.record({
      actor,
      action,
      subjectType: 'watched_word',
      subjectId: row.id,
      details: { term: row.term, scopes: row.scopes, action: row.action },
    });
    await this.refresh();
  }

  #refreshIfStale(): void {
    if (Date.now() - this.#loadedAt < REFRESH_MS || this.#loading) return;
    this.#loading = this.refresh()
      .catch(() => undefined)
      .finally(() => {
        this.#loading = undefined;
      });
  }

  #compile(rows: readonly WatchedWordRow[]): Matchers {
    const of = (scope: WatchScope, action: WatchAction) =>
      new RestrictedTerms({
        all: rows.filter((row) => row.action === action && row.scopes.includes(scope)).map((row) => row.term),
      });
    return Object.fromEntries(
      watchScopes.map((scope) => [scope, { block: of(scope, 'block'), review: of(scope, 'review') }]),
    ) as Matchers;
  }
}

const blocked = (field: string) => new AppError('watched_word_blocked', { details: [{ field, problem: 'watched word' }] });
