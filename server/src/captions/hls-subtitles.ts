/** The rendition group every variant stream of a captioned video names in its `SUBTITLES` attribute. */
export const SUBTITLE_GROUP = 'subs';

export interface SubtitleRendition {
  /** Two-letter language code (the playlist's LANGUAGE). */
  readonly language: string;
  /** Shown in players' caption menus (NAME). */
  readonly label: string;
  /** The subtitle media playlist, relative to the master playlist. */
  readonly uri: string;
}

const SUBTITLE_MEDIA = /^#EXT-X-MEDIA:TYPE=SUBTITLES,/;
const SUBTITLES_ATTRIBUTE = /,SUBTITLES="[^"]*"/g;

/** A quoted-string attribute value may hold neither a double quote nor a line break (RFC 8216 §4.2). */
function quoted(value: string): string {
  return `"${value.replace(/["\r\n]/g, '')}"`;
}

/**
 * The master playlist the pipeline wrote (media/processing/transcoder.ts `masterPlaylist`) with one
 * `#EXT-X-MEDIA:TYPE=SUBTITLES` rendition per caption language and every variant stream pointing at that
 * group. Earlier subtitle renditions are taken out first, so writing it again after each change is exact;
 * with no captions left it is the pipeline's playlist again.
 */
export function withSubtitleRenditions(master: string, renditions: readonly SubtitleRendition[]): string {
  const lines = master
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => !SUBTITLE_MEDIA.test(line))
    .map((line) => (line.startsWith('#EXT-X-STREAM-INF:') ? line.replace(SUBTITLES_ATTRIBUTE, '') : line));
  while (lines.at(-1) === '') lines.pop();
  if (renditions.length === 0) return `${lines.join('\n')}\n`;
  const media = renditions.map(
    ({ language, label, uri }) =>
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${SUBTITLE_GROUP}",NAME=${quoted(label)},LANGUAGE=${quoted(language)},DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI=${quoted(uri)}`,
  );
  const firstStream = lines.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF:'));
  const at = firstStream < 0 ? lines.length : firstStream;
  const withGroup = lines.map((line) => (line.startsWith('#EXT-X-STREAM-INF:') ? `${line},SUBTITLES="${SUBTITLE_GROUP}"` : line));
  return `${[...withGroup.slice(0, at), ...media, ...withGroup.slice(at)].join('\n')}\n`;
}

/**
 * The media playlist of one caption language: the whole WebVTT file as a single segment as long as the
 * video, which is what players need for a short video (no segmenting, one request).
 */
export function subtitlePlaylist(vttUri: string, durationSeconds: number): string {
  const duration = Math.max(durationSeconds, 0.001);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(duration)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${duration.toFixed(3)},`,
    vttUri,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}
