/**
 * The rendition ladder and the processing plan, as pure functions: which MP4 rungs a video gets, at what
 * size, when a rung may be remuxed instead of re-encoded, and which post jobs a post needs.
 */

/** Rungs are named by the picture's SHORTEST side (a 720x1280 portrait clip is `mp4-720`). */
export const LADDER = [360, 540, 720, 1080] as const;
export type Rung = (typeof LADDER)[number];

/** Ceiling of each re-encoded rung (capped CRF): a busy clip cannot blow up the file a phone downloads. */
export const RUNG_MAX_BITRATE: Readonly<Record<Rung, number>> = {
  360: 1_000_000,
  540: 2_000_000,
  720: 3_500_000,
  1080: 6_000_000,
};
/** A source above this is re-encoded even when its size fits: remuxing would serve a needlessly heavy file. */
const REMUX_MAX_BITRATE: Readonly<Record<Rung, number>> = { 360: 1_500_000, 540: 3_000_000, 720: 5_000_000, 1080: 9_000_000 };

/** HLS segment length in seconds; re-encoded rungs get a keyframe on this grid so every rung cuts alike. */
export const SEGMENT_SECONDS = 4;

export const rungName = (rung: Rung) => `mp4-${rung}` as const;
export const isRungJob = (kind: string) => /^mp4-\d+$/.test(kind);
export const rungOfJob = (kind: string) => Number(kind.slice(4)) as Rung;

/**
 * The rungs no larger than the source's shortest side; a source smaller than the first rung (upload rules
 * keep them out: at least 480x718) still gets that one, so every video has something to play.
 */
export function rungsFor(width: number, height: number): Rung[] {
  const shortest = Math.min(width, height);
  const fitting = LADDER.filter((rung) => rung <= shortest);
  return fitting.length ? fitting : [LADDER[0]];
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** The frame size of a rung for a displayed source size: shortest side = `shortest` (a rung), aspect ratio kept, even sides. */
export function rungSize(rung: number, width: number, height: number): { width: number; height: number } {
  if (width <= height) return { width: rung, height: even((height * rung) / width) };
  return { width: even((width * rung) / height), height: rung };
}

/** What the remux decision needs to know about the source (from probe.ts). */
export interface RemuxCandidate {
  readonly container: string;
  readonly width: number;
  readonly height: number;
  readonly rotation: number;
  readonly videoCodec: string;
  readonly videoProfile: string | undefined;
  readonly videoBitRate: number | undefined;
  readonly audioCodec: string | undefined;
}

/** H.264 profiles that only carry 8-bit 4:2:0 pictures (yuv420p); High 10, 4:2:2 and 4:4:4 are named otherwise. */
const YUV420P_PROFILES = new Set(['Constrained Baseline', 'Baseline', 'Main', 'High']);

/**
 * True when a rung can be a remux (`-c copy` into a fresh MP4 without metadata) of the source: H.264 yuv420p
 * with AAC or no sound, exactly the rung's size, upright (no rotation matrix to carry over) and a known,
 * sane bitrate. Decoding and encoding again would only lose quality and time.
 */
export function canRemux(source: RemuxCandidate, rung: Rung): boolean {
  const size = rungSize(rung, source.width, source.height);
  return (
    source.videoCodec === 'h264' &&
    YUV420P_PROFILES.has(source.videoProfile ?? '') &&
    (source.audioCodec === undefined || source.audioCodec === 'aac') &&
    source.rotation === 0 &&
    source.width === size.width &&
    source.height === size.height &&
    source.videoBitRate !== undefined &&
    source.videoBitRate <= REMUX_MAX_BITRATE[rung]
  );
}

/** Post job kinds, in the order the worker runs them. */
export const IMAGE_JOBS = ['images', 'slideshow'] as const;

export function videoJobs(width: number, height: number): string[] {
  return ['probe', ...rungsFor(width, height).map(rungName), 'hls', 'stills'];
}
