import { AppError } from '../http/errors.ts';
import { mediaUrl } from '../posts/post-card.ts';
import type { PostFeedRepository } from '../posts/post-feed.repository.ts';
import type { SoundRow, SoundsRepository } from './sounds.repository.ts';

/** Spec §9 page size of sounds; a sound's posts page like other post lists. */
export const SOUND_PAGE = 30;
export const SOUND_POSTS_PAGE = 20;

export interface SoundView {
  readonly id: number;
  readonly name: string;
  readonly url: string;
  readonly mimeType: string;
  /** Seconds. */
  readonly duration: number | null;
  readonly usesCount: number;
  readonly imagePostsCount: number;
}

function toSoundView(row: SoundRow): SoundView {
  const audio = Object.values(row.variants)[0];
  return {
    id: row.id,
    name: row.name,
    url: audio ? mediaUrl(audio.key) : '',
    mimeType: row.mimeType,
    duration: row.durationMs === null ? null : row.durationMs / 1000,
    usesCount: row.usesCount,
    imagePostsCount: row.imagePostsCount,
  };
}

/** The cursor of a sound's post list: where the previous page ended. */
export function encodeCursor(position: { at: Date; id: number }): string {
  return `${position.at.getTime()}.${position.id}`;
}

export function decodeCursor(cursor: string | undefined): { at: Date; id: number } | undefined {
  const match = cursor ? /^(\d{1,15})\.(\d{1,18})$/.exec(cursor) : null;
  return match ? { at: new Date(Number(match[1])), id: Number(match[2]) } : undefined;
}

export class SoundService {
  private readonly sounds: SoundsRepository;
  private readonly posts: PostFeedRepository;

  constructor(sounds: SoundsRepository, posts: PostFeedRepository) {
    this.sounds = sounds;
    this.posts = posts;
  }

  async list(limit: number, offset: number) {
    const rows = await this.sounds.list(Math.min(limit, SOUND_PAGE) + 1, offset);
    const size = Math.min(limit, SOUND_PAGE);
    return { sounds: rows.slice(0, size).map(toSoundView), canLoadMore: rows.length > size };
  }

  /** A sound with a page of the posts that play it (keyset: `cursor` from the previous page). */
  async withPosts(soundId: number, viewerId: number | undefined, cursor: string | undefined) {
    const [row] = await this.sounds.list(1, 0, soundId);
    if (!row) throw new AppError('not_found');
    const ids = await this.sounds.postIds(soundId, SOUND_POSTS_PAGE + 1, decodeCursor(cursor));
    const page = ids.slice(0, SOUND_POSTS_PAGE);
    const last = page.at(-1);
    return {
      sound: toSoundView(row),
      posts: await this.posts.publicCards(
        page.map((entry) => entry.id),
        viewerId,
      ),
      canLoadMore: ids.length > SOUND_POSTS_PAGE,
      cursor: ids.length > SOUND_POSTS_PAGE && last ? encodeCursor(last) : undefined,
    };
  }
}
