import { AppError } from '../http/errors.ts';
import { variantUrls } from '../posts/post-card.ts';
import { normalizeSearchText } from '../search/search-text.ts';
import { languageOf, playlistPath } from '../tags/tag-names.ts';
import type { PlaylistRow, PlaylistsRepository } from './playlists.repository.ts';

/** Spec §3 playlist, with its address and a cover picture (the first post's poster). */
export interface PlaylistView {
  readonly id: number;
  readonly name: string;
  readonly postsCount: number;
  readonly lgbt: number;
  readonly hitsCount: number;
  readonly sharesCount: number;
  readonly path: string;
  readonly cover: Record<string, string>;
}

/** Spec §9 page size of playlists. */
export const PLAYLIST_PAGE = 20;

export function toPlaylistView(row: PlaylistRow): PlaylistView {
  return {
    id: row.id,
    name: row.name,
    postsCount: row.postsCount,
    lgbt: row.lgbt,
    hitsCount: row.hitsCount,
    sharesCount: row.sharesCount,
    path: playlistPath(row.id, row.name, row.lgbt),
    cover: variantUrls(row.coverVariants),
  };
}

export interface PlaylistListParams {
  readonly limit?: number;
  readonly offset?: number;
  readonly splaylist?: string;
  readonly lgbt?: number;
  readonly playlistId?: number;
}

export class PlaylistService {
  private readonly playlists: PlaylistsRepository;

  constructor(playlists: PlaylistsRepository) {
    this.playlists = playlists;
  }

  async popular(locale: string, lgbt: number | undefined) {
    const rows = await this.playlists.list({ lang: languageOf(locale), lgbt, order: 'popular', limit: PLAYLIST_PAGE, offset: 0 });
    return { playlists: rows.map(toPlaylistView) };
  }

  /** GET /api/playlist/: one playlist (playlistId), a name search (splaylist) or the newest, 20 a page. */
  async list(locale: string, params: PlaylistListParams) {
    const limit = Math.min(params.limit ?? PLAYLIST_PAGE, PLAYLIST_PAGE);
    const search = params.splaylist ? normalizeSearchText(params.splaylist) : '';
    const rows = await this.playlists.list({
      lang: languageOf(locale),
      lgbt: params.playlistId === undefined ? params.lgbt : undefined,
      playlistId: params.playlistId,
      search: search || undefined,
      order: search ? 'popular' : 'newest',
      limit: limit + 1,
      offset: params.offset ?? 0,
    });
    if (params.playlistId !== undefined && rows.length === 0) throw new AppError('not_found');
    return { playlists: rows.slice(0, limit).map(toPlaylistView), canLoadMore: rows.length > limit };
  }

  async translationsFor(id: number, locale: string) {
    const found = await this.playlists.translations(id);
    if (!found) throw new AppError('not_found');
    const lang = languageOf(locale);
    return { id, lang, name: found.names[lang] ?? found.name, translations: found.names };
  }

  /** Websocket hitPlaylist. */
  async recordHit(id: number): Promise<void> {
    if (!(await this.playlists.addHit(id))) throw new AppError('not_found');
  }

  /** Websocket sharePlaylist {id}. */
  async recordShare(id: number, viewerKey: string, platform = 'link'): Promise<void> {
    if (!(await this.playlists.addShare(id, viewerKey, platform))) throw new AppError('not_found');
  }
}
