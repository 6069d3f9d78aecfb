import type { PostMedia } from '../../../../server/src/posts/post-card.ts';

/** One playable file of a video: an HLS playlist (every quality inside) or a single-height MP4. */
export interface Rendition {
  /** The variant's name in `media.variants`, such as `mp4-540` or `hls`. */
  readonly name: string;
  readonly url: string;
  readonly kind: 'hls' | 'mp4';
  /** Picture height in pixels, from the variant's name (`mp4-720`), when it says. */
  readonly height?: number;
}

export interface VideoSources {
  readonly hls?: Rendition;
  /** Highest first. */
  readonly mp4: readonly Rendition[];
}

/** "auto" lets the player pick (HLS adapts by itself; MP4 by screen height), else a variant's name. */
export type QualityChoice = 'auto' | string;

const pathOf = (url: string) => url.split(/[?#]/, 1)[0]?.toLowerCase() ?? '';

function heightOf(name: string): number | undefined {
  const digits = /(\d{3,4})p?$/.exec(name)?.[1];
  return digits ? Number(digits) : undefined;
}

/**
 * The playable renditions of a media file, told apart by their file type: the media pipeline names
 * renditions by purpose and height (`mp4-540`, `hls`), and the URL's extension is what the server
 * serves them as.
 */
export function videoSources(media: Pick<PostMedia, 'variants'>): VideoSources {
  let hls: Rendition | undefined;
  const mp4: Rendition[] = [];
  for (const [name, url] of Object.entries(media.variants)) {
    const path = pathOf(url);
    if (path.endsWith('.m3u8')) hls ??= { name, url, kind: 'hls' };
    else if (path.endsWith('.mp4') || path.endsWith('.m4v')) mp4.push({ name, url, kind: 'mp4', height: heightOf(name) });
  }
  mp4.sort((a, b) => (b.height ?? 0) - (a.height ?? 0));
  return { hls, mp4 };
}

/**
 * The MP4 to play: the chosen one, else the smallest whose height covers the player's height in device
 * pixels (no point sending 1080 lines to a 700-pixel player), else the largest there is.
 */
export function pickMp4(sources: VideoSources, choice: QualityChoice, neededHeight: number): Rendition | undefined {
  const chosen = sources.mp4.find((rendition) => rendition.name === choice);
  if (chosen) return chosen;
  const covering = sources.mp4.filter((rendition) => (rendition.height ?? 0) >= neededHeight);
  return covering.at(-1) ?? sources.mp4[0];
}

/** What the player loads: HLS when there is one and the viewer has not picked a single MP4. */
export function pickSource(sources: VideoSources, choice: QualityChoice, neededHeight: number): Rendition | undefined {
  const chosenMp4 = sources.mp4.some((rendition) => rendition.name === choice);
  if (sources.hls && !chosenMp4) return sources.hls;
  return pickMp4(sources, choice, neededHeight);
}

const stillPreference = {
  poster: ['poster-webp', 'poster-jpg', 'listing-webp', 'listing-jpg'],
  listing: ['listing-webp', 'listing-jpg', 'poster-webp', 'poster-jpg', 'thumb-webp', 'thumb-jpg'],
  thumb: ['thumb-webp', 'thumb-jpg', 'listing-webp', 'listing-jpg'],
  // Link previews: JPEG first, which every platform's crawler reads.
  share: ['poster-jpg', 'listing-jpg', 'poster-webp', 'listing-webp'],
} as const;

/** A still of a media file: the full-size poster, the half-size listing picture, the small thumbnail, or the poster for link previews. */
export function stillUrl(media: Pick<PostMedia, 'variants'>, size: keyof typeof stillPreference): string | undefined {
  for (const name of stillPreference[size]) {
    const url = media.variants[name];
    if (url) return url;
  }
  return undefined;
}

/**
 * The picture behind a video or image whose shape differs from the screen's: the 64 px `mini` still (spec §7
 * `/thumber/`), which the browser's upscaling softens into a blur. A CSS blur filter looked the same but was
 * redrawn on every frame where the compositor runs in software (swipe to first frame p50 72 → 55 ms in
 * Chromium without GPU). Its key is fixed, so after a cover change a cached copy may show the old frame for
 * up to the media's max-age (an hour), which a blurred backdrop can afford.
 */
export function backdropUrl(media: Pick<PostMedia, 'name'>): string {
  return `/thumber/mini/${encodeURIComponent(media.name)}.jpg`;
}

/** The avatar picture of a creator at a size, or undefined when they have none. */
export function avatarUrl(avatar: Readonly<Record<string, string>>, size: 'small' | 'medium' | 'retina'): string | undefined {
  return avatar[`avatar-${size}-webp`] ?? avatar[`avatar-${size}-jpg`] ?? Object.values(avatar)[0];
}

export const isVideo = (media: Pick<PostMedia, 'mimeType'>) => media.mimeType.startsWith('video/');
export const isImage = (media: Pick<PostMedia, 'mimeType'>) => media.mimeType.startsWith('image/');
