import { AppError } from '../http/errors.ts';
import { variantUrls } from '../posts/post-card.ts';
import { normalizeTag } from '../posts/tag-name.ts';
import { languageOf, tagFeedSize, tagPath } from './tag-names.ts';
import type { TagRow, TagsRepository, TranslationRow } from './tags.repository.ts';

/** Spec §3 tag. `tag` is the normalised primary name used in addresses; `name` is how the reader's language writes it. */
export interface TagView {
  readonly id: number;
  readonly tagId: number;
  readonly tag: string;
  readonly name: string;
  readonly lang: string;
  /** True when `name` is the tag's primary (own-language) name rather than a translation. */
  readonly primary: boolean;
  readonly translations?: { id: number; tag: string; lang: string; status: number }[];
  readonly tagMedia: { name: string; mimeType: string; variants: Record<string, string> } | null;
  readonly useCount: number;
  readonly likedByUser: boolean;
  readonly stats: {
    useCount: number;
    sharesCount: number;
    postLikesCount: number;
    postSharesCount: number;
    postViewsCount: number;
    postVisible: number;
    hitsCount: number;
  };
  readonly tagDetail: string;
  readonly isCategory: boolean;
  readonly path: string;
}

export interface AlphabetSection {
  readonly letter: string;
  readonly tags: TagView[];
}

/** Spec §7 default of the alphabet; the lower bound of 30 is asked for often enough to keep its own cache entry. */
export const ALPHABET_MIN_USAGE = 90;
export const LIST_SIZE = 30;
export const CATEGORY_SIZE = 60;
const ALPHABET_MAX_TAGS = 5000;
const ALPHABET_CACHE_MS = 5 * 60_000;

export function toTagView(
  row: TagRow,
  options: { lgbt?: number; likedByUser?: boolean; translations?: TranslationRow[] } = {},
): TagView {
  return {
    id: row.id,
    tagId: row.id,
    tag: row.tag,
    name: row.name,
    lang: row.nameLang ?? row.lang,
    primary: (row.nameLang ?? row.lang) === row.lang,
    ...(options.translations
      ? { translations: options.translations.map(({ id, tag, lang, status }) => ({ id, tag, lang, status })) }
      : {}),
    tagMedia: row.mediaName
      ? { name: row.mediaName, mimeType: row.mediaMime ?? '', variants: variantUrls(row.mediaVariants) }
      : null,
    useCount: row.useCount,
    likedByUser: options.likedByUser ?? false,
    stats: {
      useCount: row.useCount,
      sharesCount: row.sharesCount,
      postLikesCount: row.postLikesCount,
      postSharesCount: row.postSharesCount,
      postViewsCount: row.postViewsCount,
      postVisible: row.postVisible,
      hitsCount: row.hitsCount,
    },
    tagDetail: row.detail,
    isCategory: row.isCategory,
    path: tagPath(row.tag, options.lgbt ?? 1),
  };
}

/** Groups tags by the first letter of their name in the reader's language, sorted as that language sorts. */
export function alphabetSections(tags: readonly TagView[], locale: string): AlphabetSection[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sorted = [...tags].sort((a, b) => collator.compare(a.name, b.name));
  const sections: AlphabetSection[] = [];
  for (const tag of sorted) {
    const first = [...tag.name][0] ?? '#';
    const letter = /\p{L}/u.test(first)
      ? first
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLocaleUpperCase(locale)
      : '#';
    const last = sections.at(-1);
    if (last && last.letter === letter) last.tags.push(tag);
    else sections.push({ letter, tags: [tag] });
  }
  return sections;
}

export class TagService {
  private readonly tags: TagsRepository;
  private readonly alphabetCache = new Map<string, { sections: AlphabetSection[]; until: number }>();
  private readonly now: () => number;

  constructor(tags: TagsRepository, now: () => number = Date.now) {
    this.tags = tags;
    this.now = now;
  }

  /** Tags used at least minUsage times, by letter; each (minUsage, language) pair is cached for five minutes. */
  async alphabet(locale: string, minUsage = ALPHABET_MIN_USAGE, lgbt = 1): Promise<AlphabetSection[]> {
    const key = `${minUsage}|${locale}|${lgbt}`;
    const cached = this.alphabetCache.get(key);
    if (cached && cached.until > this.now()) return cached.sections;
    const rows = await this.tags.list(languageOf(locale), { order: 'usage', limit: ALPHABET_MAX_TAGS, minUsage });
    const sections = alphabetSections(
      rows.map((row) => toTagView(row, { lgbt })),
      locale,
    );
    this.alphabetCache.set(key, { sections, until: this.now() + ALPHABET_CACHE_MS });
    return sections;
  }

  async topHits(locale: string, limit = LIST_SIZE, lgbt = 1) {
    const rows = await this.tags.list(languageOf(locale), { order: 'hits', limit });
    return rows.map((row) => toTagView(row, { lgbt }));
  }

  async categories(locale: string, limit = CATEGORY_SIZE, lgbt = 1) {
    const rows = await this.tags.list(languageOf(locale), { order: 'usage', limit, categoriesOnly: true });
    return rows.map((row) => toTagView(row, { lgbt }));
  }

  async popular(locale: string, offset = 0, lgbt = 1) {
    const rows = await this.tags.list(languageOf(locale), { order: 'usage', limit: LIST_SIZE + 1, offset });
    return { tags: rows.slice(0, LIST_SIZE).map((row) => toTagView(row, { lgbt })), canLoadMore: rows.length > LIST_SIZE };
  }

  /** The viewer's liked tags (from the posts they liked); for visitors, the tags whose posts are liked most. */
  async usersLiked(viewerId: number | undefined, locale: string, lgbt = 1) {
    const lang = languageOf(locale);
    if (viewerId === undefined) {
      const rows = await this.tags.list(lang, { order: 'postLikes', limit: LIST_SIZE });
      return rows.map((row) => toTagView(row, { lgbt }));
    }
    const rows = await this.tags.likedBy(viewerId, lang, LIST_SIZE);
    return rows.map((row) => toTagView(row, { lgbt, likedByUser: true }));
  }

  /** Tag ids for names in any language; names no tag has are left out. */
  async resolve(name: string, locale: string): Promise<number | undefined> {
    const normalized = normalizeTag(name);
    if (!normalized) return undefined;
    return this.tags.idByName(normalized, languageOf(locale));
  }

  /** The tag page's header: the tag named in any language, with every translation and the feed size x. */
  async translate(name: string, locale: string, lgbt: number, viewerId: number | undefined) {
    const id = await this.resolve(name, locale);
    if (id === undefined) throw new AppError('not_found');
    const [[row], translations, likedByUser] = await Promise.all([
      this.tags.byIds([id], languageOf(locale)),
      this.tags.translations([id]),
      viewerId === undefined ? false : this.tags.isLikedBy(id, viewerId),
    ]);
    if (!row) throw new AppError('not_found');
    return { tag: toTagView(row, { lgbt, likedByUser, translations }), x: tagFeedSize(row.useCount) };
  }

  /** GET /translations/tag/{locale}.json: the tag's name in that locale plus all its names. */
  async translationsFor(name: string, locale: string) {
    const { tag } = await this.translate(name, locale, 1, undefined);
    const names = Object.fromEntries((tag.translations ?? []).map((translation) => [translation.lang, translation.tag]));
    return { tag: tag.tag, tagId: tag.id, lang: languageOf(locale), name: tag.name, translations: names };
  }

  /** Websocket hitTag: someone opened the tag's page. */
  async recordHit(name: string, locale: string): Promise<void> {
    const id = await this.resolve(name, locale);
    if (id === undefined || !(await this.tags.addHit(id))) throw new AppError('not_found');
  }

  /** Websocket shareTag {tag, lgbt}: the counter plus a share event for the viewer. */
  async recordShare(name: string, locale: string, viewerKey: string, platform = 'link'): Promise<void> {
    const id = await this.resolve(name, locale);
    if (id === undefined || !(await this.tags.addShare(id, viewerKey, platform))) throw new AppError('not_found');
  }
}
