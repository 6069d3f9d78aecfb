import type { MediaVariant } from '../db/schema.ts';
import { postPath } from './slug.ts';

/** Spec §3 post as every list and the single-post call answer it. */
export interface PostCard {
  readonly id: number;
  readonly postId: number;
  readonly title: string;
  readonly status: number;
  readonly lgbt: number;
  readonly user: PostAuthor;
  readonly media: PostMedia[];
  readonly tags: { id: number; tag: string }[];
  readonly likesCount: number;
  readonly shareCount: number;
  readonly viewCount: number;
  readonly likeByUser: boolean;
  readonly isPinned: boolean;
  readonly jobs: { kind: string; state: string }[];
  readonly path: string;
  readonly publishedAt: string | null;
  /** Spec §3: the sound an image post plays with its slideshow; null for videos. */
  readonly sound: PostSound | null;
  /** Per-post settings (studio/README.md): other sites may embed it; its MP4 may be downloaded. */
  readonly allowEmbedding: boolean;
  readonly allowDownloads: boolean;
}

export interface PostSound {
  readonly id: number;
  readonly name: string;
  /** The audio file's address; empty while it has none. */
  readonly url: string;
}

/** A sound as stored (sounds joined to its media file), turned into what a card carries. */
export function toPostSound(
  row: { id: number; name: string; variants: Record<string, MediaVariant> | null } | null,
): PostSound | null {
  if (!row) return null;
  const audio = Object.values(row.variants ?? {})[0];
  return { id: row.id, name: row.name, url: audio ? mediaUrl(audio.key) : '' };
}

export interface PostAuthor {
  readonly id: number;
  readonly username: string;
  readonly displayName: string;
  readonly iFollowUser: boolean;
  /** Rendition name → URL of the avatar at the sizes a card shows (small, medium), empty without one. */
  readonly avatar: Record<string, string>;
}

export interface PostMedia {
  readonly id: number;
  readonly name: string;
  readonly status: number;
  readonly mimeType: string;
  readonly listingSuffix: string;
  readonly width: number | null;
  readonly height: number | null;
  /** Seconds. */
  readonly duration: number | null;
  readonly placeholder: string | null;
  /** Rendition name → URL, of the renditions a card needs (`CARD_VARIANT`). */
  readonly variants: Record<string, string>;
}

/** One row of a page: the post and its author. */
export interface PageRow {
  readonly id: number;
  readonly title: string;
  readonly status: number;
  readonly lgbt: number;
  readonly likesCount: number;
  readonly sharesCount: number;
  readonly viewsCount: number;
  readonly pinnedAt: Date | null;
  readonly publishedAt: Date | null;
  readonly userId: number;
  readonly username: string;
  readonly displayName: string;
  readonly avatarVariants: Record<string, MediaVariant> | null;
  readonly allowEmbedding: boolean;
  readonly allowDownloads: boolean;
}

export interface MediaRow {
  readonly id: number;
  readonly postId: number;
  readonly name: string;
  readonly status: number;
  readonly mimeType: string;
  readonly listingSuffix: string;
  readonly width: number | null;
  readonly height: number | null;
  readonly durationMs: number | null;
  readonly placeholder: string | null;
  readonly variants: Record<string, MediaVariant>;
}

/** Storage keys already start with `media/`, which is where media.routes.ts serves them. */
export function mediaUrl(key: string): string {
  return key.startsWith('media/') ? `/${key}` : `/media/${key}`;
}

/** Rendition name → URL, of every rendition or of those whose name `listed` matches. */
export function variantUrls(variants: Record<string, MediaVariant> | null, listed?: RegExp): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const [name, variant] of Object.entries(variants ?? {}))
    if (!listed || listed.test(name)) urls[name] = mediaUrl(variant.key);
  return urls;
}

/**
 * The renditions a card lists: what a player, a grid tile or a link preview picks from (web
 * components/player/renditions.ts). The pipeline stores more of an image: every purpose at three sizes in
 * two formats, and the 180 and 64 px stills (media/processing/README.md). Listing all of them made a card
 * of one image 2.5 KB of addresses, three quarters of a 20-post page (issue 23, lean cards). Their keys
 * are deterministic, so a client that wants one still finds it: `/media/{name}/{purpose}-{size}-{format}.{ext}`
 * and `/thumber/{peek|mini}/{name}.{jpg|png}`.
 */
const CARD_VARIANT = /^(?:hls|mp4-\d+|caption-[a-z]{2}|(?:poster|listing|thumb)-(?:webp|jpg))$/;

/** A card's author is shown small (the action rail, a post's byline): the retina avatar is for profiles. */
const CARD_AVATAR = /^avatar-(?:small|medium)-(?:webp|jpg)$/;

export function toPostMedia(row: MediaRow): PostMedia {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    mimeType: row.mimeType,
    listingSuffix: row.listingSuffix,
    width: row.width,
    height: row.height,
    duration: row.durationMs === null ? null : row.durationMs / 1000,
    placeholder: row.placeholder,
    variants: variantUrls(row.variants, CARD_VARIANT),
  };
}

/** The orientation suffix of a post's addresses (spec §2), by its `lgbt` value. */
export const SUFFIX: Record<number, '' | '-gay' | '-trans'> = { 2: '-gay', 3: '-trans' };

export interface PostRelated {
  readonly media: PostMedia[];
  readonly tags: { id: number; tag: string }[];
  readonly jobs: { kind: string; state: string }[];
  readonly likeByUser: boolean;
  readonly iFollowUser: boolean;
  readonly sound: PostSound | null;
}

export function toPostCard(row: PageRow, related: PostRelated): PostCard {
  return {
    id: row.id,
    postId: row.id,
    title: row.title,
    status: row.status,
    lgbt: row.lgbt,
    user: {
      id: row.userId,
      username: row.username,
      displayName: row.displayName,
      iFollowUser: related.iFollowUser,
      avatar: variantUrls(row.avatarVariants, CARD_AVATAR),
    },
    media: related.media,
    tags: related.tags,
    likesCount: row.likesCount,
    shareCount: row.sharesCount,
    viewCount: row.viewsCount,
    likeByUser: related.likeByUser,
    isPinned: row.pinnedAt !== null,
    jobs: related.jobs,
    path: postPath(row.id, row.title, SUFFIX[row.lgbt] ?? ''),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    sound: related.sound,
    allowEmbedding: row.allowEmbedding,
    allowDownloads: row.allowDownloads,
  };
}
