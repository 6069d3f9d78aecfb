import { expect, test } from 'vitest';
import { masterPlaylist } from '../media/processing/transcoder.ts';
import { subtitlePlaylist, withSubtitleRenditions } from './hls-subtitles.ts';

const rung = (height: number) => ({
  folder: `${height}p`,
  mp4: {
    path: '',
    width: (height * 9) / 16,
    height,
    bytes: 1,
    durationSeconds: 8,
    bitRate: 1e6,
    codecs: 'avc1.64001f',
    remuxed: false,
  },
});
const processed = masterPlaylist([rung(360), rung(720)]);

test('every variant stream names the subtitle group; rewriting replaces the renditions, and none gives the processed playlist back', () => {
  const one = withSubtitleRenditions(processed, [{ language: 'de', label: 'Deutsch', uri: 'subs/de.a.m3u8' }]);
  const two = withSubtitleRenditions(one, [
    { language: 'ar', label: 'العربية', uri: 'subs/ar.b.m3u8' },
    { language: 'de', label: 'De"ut\nsch', uri: 'subs/de.c.m3u8' },
  ]);
  const lines = two.split('\n');
  expect(lines.filter((line) => line.startsWith('#EXT-X-MEDIA:'))).toEqual([
    '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="العربية",LANGUAGE="ar",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="subs/ar.b.m3u8"',
    '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Deutsch",LANGUAGE="de",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="subs/de.c.m3u8"',
  ]);
  const streams = lines.filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
  expect(streams).toHaveLength(2);
  for (const stream of streams) expect(stream.match(/SUBTITLES="subs"/g)).toHaveLength(1);
  expect(lines.indexOf(lines.find((line) => line.startsWith('#EXT-X-MEDIA:')) ?? '')).toBeLessThan(
    lines.indexOf(streams[0] ?? ''),
  );
  expect(withSubtitleRenditions(two, [])).toBe(processed);
});

test('a subtitle media playlist is one VOD segment as long as the video', () => {
  expect(subtitlePlaylist('../../captions/en.x.vtt', 7.5)).toBe(
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:8\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:7.500,\n../../captions/en.x.vtt\n#EXT-X-ENDLIST\n',
  );
});
