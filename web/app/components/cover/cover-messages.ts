import type { MessageKey } from '../../i18n/config';

/** Codes the cover tab explains in its own words (the server's error table); anything else is `generic`. */
export const COVER_MESSAGE_CODES = [
  'cover_not_video',
  'cover_post_not_ready',
  'cover_post_failed',
  'cover_post_withdrawn',
  'cover_time_out_of_range',
  'not_video_or_image',
  'unsupported_image_format',
  'media_too_many_pixels',
  'picture_too_small',
  'file_too_large',
  'rate_limited',
  'generic',
] as const;
export type CoverMessageCode = (typeof COVER_MESSAGE_CODES)[number];

const known: ReadonlySet<string> = new Set(COVER_MESSAGE_CODES);

/** The message for a refusal or a failed request; a job's failure reasons other than these read as `generic`. */
export function coverMessageKey(code: string | null | undefined): MessageKey {
  const shown = code && known.has(code) ? code : code === 'body_too_large' ? 'file_too_large' : 'generic';
  return `cover.errors.${shown}` as MessageKey;
}

/** A moment of the video as the player shows it: minutes, seconds and tenths (`1:05.3`). */
export function formatMoment(ms: number): string {
  const tenths = Math.max(0, Math.round(ms / 100));
  const minutes = Math.floor(tenths / 600);
  const seconds = ((tenths % 600) / 10).toFixed(1).padStart(4, '0');
  return `${minutes}:${seconds}`;
}
