import { errorTable } from '../http/errors.ts';
import type { PlaylistService, PlaylistView } from '../playlists/playlists.service.ts';
import type { PostCard } from '../posts/post-card.ts';
import { variantUrls } from '../posts/post-card.ts';
import type { PostFeedRepository } from '../posts/post-feed.repository.ts';
import { lgbtTriggers } from '../settings/orientation.ts';
import { MIN_SEARCH_RESULTS } from '../settings/settings.service.ts';
import { languageOf } from '../tags/tag-names.ts';
import type { TagsRepository } from '../tags/tags.repository.ts';
import { type TagView, toTagView } from '../tags/tags.service.ts';
import type { RestrictedTerms } from './restricted-terms.ts';
import type { SearchRepository, SearchTerms, TrendKind, UserHit } from './search.repository.ts';
import { normalizeSearchText, prefixTsQuery } from './search-text.ts';

/** Spec §9 page sizes. */
export const SEARCH_PAGE = 30;
export const TREND_PAGE = 50;
const FIRST_PAGE_EXTRAS = 10;
const POPULAR_FALLBACK = 20;
const WHISPER_QUERIES = 4;
const WHISPER_TAGS = 6;
const WHISPER_USERS = 3;
const WHISPER_TAG_ONLY = 10;

export interface UserView {
  readonly id: number;
  readonly username: string;
  readonly displayName: string;
  readonly followersCount: number;
  readonly postsCount: number;
  readonly avatar: Record<string, string>;
}

/** Spec §3 search results, plus the orientation a trigger word suggests switching to. */
export interface SearchResults {
  readonly posts: PostCard[];
  readonly popular: PostCard[];
  readonly tags: TagView[];
  readonly users: UserView[];
  readonly playlists: PlaylistView[];
  readonly query: string;
  readonly lgbt: number;
  readonly inclTagId: number | null;
  readonly exclTagId: number | null;
  readonly canLoadMore: boolean;
  readonly restricted: boolean;
  readonly suggestedLgbt: number | null;
}

export interface SearchParams {
  readonly q: string;
  readonly offset?: number;
  readonly lgbt?: number;
  readonly inclTagId?: number;
  readonly exclTagId?: number;
}

export interface SearchContext {
  readonly viewerId: number | undefined;
  readonly locale: string;
  readonly country: string;
}

export type Suggestion =
  | { readonly type: 'query'; readonly text: string }
  | { readonly type: 'tag'; readonly text: string; readonly tag: string; readonly id: number; readonly useCount: number }
  | {
      readonly type: 'user';
      readonly text: string;
      readonly username: string;
      readonly id: number;
      readonly avatar: Record<string, string>;
    };

/** The -2 answer of spec §8: the restricted flag and nothing found. Sent as is, not thrown. */
export function restrictedAnswer(query: string, lgbt: number) {
  return {
    statusCode: errorTable.restricted_query.statusCode,
    error: 'restricted_query' as const,
    message: errorTable.restricted_query.message,
    ...emptyResults(query, lgbt, {}),
    restricted: true,
  };
}

function emptyResults(query: string, lgbt: number, params: Pick<SearchParams, 'inclTagId' | 'exclTagId'>): SearchResults {
  return {
    posts: [],
    popular: [],
    tags: [],
    users: [],
    playlists: [],
    query,
    lgbt,
    inclTagId: params.inclTagId ?? null,
    exclTagId: params.exclTagId ?? null,
    canLoadMore: false,
    restricted: false,
    suggestedLgbt: null,
  };
}

function toUserView(hit: UserHit): UserView {
  return {
    id: hit.id,
    username: hit.username,
    displayName: hit.displayName,
    followersCount: hit.followersCount,
    postsCount: hit.postsCount,
    avatar: variantUrls(hit.avatarVariants),
  };
}

/** The other orientation a query's words point to (settings lgbt_triggers), if any. */
export function suggestedOrientation(text: string, lgbt: number): number | null {
  const words = new Set(text.split(' '));
  for (const [value, triggers] of Object.entries(lgbtTriggers)) {
    if (Number(value) !== lgbt && triggers.some((trigger) => words.has(trigger))) return Number(value);
  }
  return null;
}

export class SearchService {
  private readonly search: SearchRepository;
  private readonly posts: PostFeedRepository;
  private readonly tags: TagsRepository;
  private readonly playlists: PlaylistService;
  private readonly restricted: Pick<RestrictedTerms, 'matches'>;
  private readonly minResults: number;

  constructor(deps: {
    search: SearchRepository;
    posts: PostFeedRepository;
    tags: TagsRepository;
    playlists: PlaylistService;
    /** The shipped restricted terms, or enforcement's watched words (which include them). */
    restricted: Pick<RestrictedTerms, 'matches'>;
    minResults?: number;
  }) {
    this.search = deps.search;
    this.posts = deps.posts;
    this.tags = deps.tags;
    this.playlists = deps.playlists;
    this.restricted = deps.restricted;
    this.minResults = deps.minResults ?? MIN_SEARCH_RESULTS;
  }

  /** Undefined when the query is empty once normalised; `restricted` when it asks for illegal content. */
  private terms(q: string): SearchTerms | 'restricted' | undefined {
    const text = normalizeSearchText(q);
    if (!text) return undefined;
    if (this.restricted.matches(text)) return 'restricted';
    return { text, compact: text.replace(/ /g, ''), tsQuery: prefixTsQuery(text) };
  }

  /** GET /api/2/search: posts (30 a page) and, on the first page, tags, users and playlists. */
  async fullSearch(params: SearchParams, context: SearchContext) {
    const lgbt = params.lgbt ?? 1;
    const terms = this.terms(params.q);
    if (terms === 'restricted') return restrictedAnswer(params.q, lgbt);
    const base = emptyResults(terms?.text ?? '', lgbt, params);
    const offset = params.offset ?? 0;
    if (!terms) return { ...base, popular: await this.popular(lgbt, context.viewerId) };

    const lang = languageOf(context.locale);
    const firstPage = offset === 0;
    const [postIds, tagIds, users, playlists] = await Promise.all([
      this.search.searchPostIds({
        terms,
        lgbt: lgbt || undefined,
        inclTagId: params.inclTagId,
        exclTagId: params.exclTagId,
        limit: SEARCH_PAGE + 1,
        offset,
      }),
      firstPage ? this.search.searchTagIds(terms.compact, FIRST_PAGE_EXTRAS, 0) : [],
      firstPage ? this.search.searchUsers(terms, FIRST_PAGE_EXTRAS, 0) : [],
      firstPage
        ? this.playlists.list(context.locale, { splaylist: terms.text, lgbt: lgbt || undefined, limit: FIRST_PAGE_EXTRAS })
        : undefined,
    ]);
    // Spec §5: fewer results than minResults count as empty, and the popular posts stand in.
    const tooFew = firstPage && postIds.length < this.minResults;
    const pageIds = tooFew ? [] : postIds.slice(0, SEARCH_PAGE);
    const [posts, popular, tagRows] = await Promise.all([
      this.posts.publicCards(pageIds, context.viewerId),
      tooFew ? this.popular(lgbt, context.viewerId) : [],
      this.tags.byIds(tagIds, lang),
    ]);
    if (firstPage) await this.search.recordResults(context.country, terms.text, tooFew ? 0 : postIds.length);
    const tagById = new Map(tagRows.map((row) => [row.id, row]));
    return {
      ...base,
      posts,
      popular,
      tags: tagIds.flatMap((id) => {
        const row = tagById.get(id);
        return row ? [toTagView(row, { lgbt })] : [];
      }),
      users: users.map(toUserView),
      playlists: playlists?.playlists ?? [],
      canLoadMore: !tooFew && postIds.length > SEARCH_PAGE,
      suggestedLgbt: suggestedOrientation(terms.text, lgbt),
    };
  }

  /**
   * Counts a first-page search for the trends. Called for every request, also those the response cache
   * answers, so popular searches are not undercounted; the result count comes from fullSearch.
   */
  async countSearch(q: unknown, offset: unknown, country: string): Promise<void> {
    if (typeof q !== 'string' || q.length > 200 || (offset !== undefined && offset !== '0')) return;
    const terms = this.terms(q);
    if (terms && terms !== 'restricted') await this.search.countQuery(country, terms.text);
  }

  /** GET /api/search/post-tag: the posts part alone, for further pages and tag-filtered searches. */
  async postSearch(params: SearchParams, context: SearchContext) {
    const lgbt = params.lgbt ?? 1;
    const terms = this.terms(params.q);
    if (terms === 'restricted') return restrictedAnswer(params.q, lgbt);
    if (!terms) return { posts: [], canLoadMore: false, query: '', lgbt, restricted: false };
    const ids = await this.search.searchPostIds({
      terms,
      lgbt: lgbt || undefined,
      inclTagId: params.inclTagId,
      exclTagId: params.exclTagId,
      limit: SEARCH_PAGE + 1,
      offset: params.offset ?? 0,
    });
    const posts = await this.posts.publicCards(ids.slice(0, SEARCH_PAGE), context.viewerId);
    return {
      posts,
      canLoadMore: ids.length > SEARCH_PAGE,
      query: terms.text,
      lgbt,
      inclTagId: params.inclTagId ?? null,
      exclTagId: params.exclTagId ?? null,
      restricted: false,
    };
  }

  async users(q: string, offset: number) {
    const terms = this.terms(q);
    if (terms === 'restricted') return restrictedAnswer(q, 1);
    if (!terms) return { users: [], canLoadMore: false, restricted: false };
    const hits = await this.search.searchUsers(terms, SEARCH_PAGE + 1, offset);
    return { users: hits.slice(0, SEARCH_PAGE).map(toUserView), canLoadMore: hits.length > SEARCH_PAGE, restricted: false };
  }

  async tagSearch(q: string, offset: number, locale: string, lgbt: number) {
    const terms = this.terms(q);
    if (terms === 'restricted') return restrictedAnswer(q, lgbt);
    if (!terms) return { tags: [], canLoadMore: false, restricted: false };
    const ids = await this.search.searchTagIds(terms.compact, SEARCH_PAGE + 1, offset);
    const tags = await this.tagViews(ids.slice(0, SEARCH_PAGE), locale, lgbt);
    return { tags, canLoadMore: ids.length > SEARCH_PAGE, restricted: false };
  }

  /** Suggestions as someone types: past searches, tags and accounts starting with the text. */
  async whisper(q: string, locale: string) {
    const terms = this.terms(q);
    if (terms === 'restricted') return restrictedAnswer(q, 1);
    if (!terms) return { query: '', suggestions: [] as Suggestion[], restricted: false };
    const lang = languageOf(locale);
    const [queries, prefixTags, users] = await Promise.all([
      this.search.queriesByPrefix(terms.text, this.minResults, WHISPER_QUERIES),
      this.search.tagIdsByPrefix(terms.compact, WHISPER_TAGS),
      // One or two letters fit thousands of usernames and rarely mean one: accounts from the third letter.
      terms.compact.length >= 3 ? this.search.usersByPrefix(terms.compact, WHISPER_USERS) : [],
    ]);
    // A typo finds no prefix: near spellings of tag names stand in.
    const tagIds =
      prefixTags.length > 0 || terms.compact.length < 3 ? prefixTags : await this.search.tagIdsNear(terms.compact, WHISPER_TAGS);
    const tagRows = await this.tags.byIds(tagIds, lang);
    const byId = new Map(tagRows.map((row) => [row.id, row]));
    const suggestions: Suggestion[] = [
      ...queries.map((text) => ({ type: 'query' as const, text })),
      ...tagIds.flatMap((id) => {
        const row = byId.get(id);
        return row ? [{ type: 'tag' as const, text: row.name, tag: row.tag, id: row.id, useCount: row.useCount }] : [];
      }),
      ...users.map((user) => ({
        type: 'user' as const,
        text: user.displayName || user.username,
        username: user.username,
        id: user.id,
        avatar: variantUrls(user.avatarVariants),
      })),
    ];
    return { query: terms.text, suggestions, restricted: false };
  }

  /** Tag suggestions only (choosing tags for a post). */
  async whisperTags(q: string, locale: string, lgbt: number) {
    const terms = this.terms(q);
    if (terms === 'restricted') return restrictedAnswer(q, lgbt);
    if (!terms) return { query: '', tags: [], restricted: false };
    let ids = await this.search.tagIdsByPrefix(terms.compact, WHISPER_TAG_ONLY);
    if (ids.length === 0 && terms.compact.length >= 3) ids = await this.search.tagIdsNear(terms.compact, WHISPER_TAG_ONLY);
    return { query: terms.text, tags: await this.tagViews(ids, locale, lgbt), restricted: false };
  }

  /** The /search-trends lists for a country (50 each). */
  async trends(kind: TrendKind, country: string) {
    const rows = await this.search.trends(kind, country, this.minResults, TREND_PAGE);
    return { country, queries: rows };
  }

  private async tagViews(ids: readonly number[], locale: string, lgbt: number): Promise<TagView[]> {
    const rows = await this.tags.byIds(ids, languageOf(locale));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toTagView(row, { lgbt })] : [];
    });
  }

  private async popular(lgbt: number, viewerId: number | undefined): Promise<PostCard[]> {
    return this.posts.publicCards(await this.search.popularPostIds(lgbt || undefined, POPULAR_FALLBACK), viewerId);
  }
}
