import { describe, expect, test } from 'vitest';
import { AppError } from '../http/errors.ts';
import { type CaptionLimits, parseCaptions, writeWebVtt } from './caption-parser.ts';
import { decodeCaptionBytes } from './caption-text.ts';

const limits: CaptionLimits = { maxBytes: 524_288, maxCues: 50, maxLineChars: 60 };
const TEN_SECONDS = 10_000;

/** The file as players get it: decoded, parsed, written again. */
function served(text: string | Uint8Array, duration: number | null = TEN_SECONDS): string {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return writeWebVtt(parseCaptions(decodeCaptionBytes(bytes), limits, duration).cues);
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error('accepted');
}

describe('encodings', () => {
  test('a UTF-8 byte order mark is dropped; the text is kept', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\nçà va\n')]);
    expect(served(withBom)).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nçà va\n');
  });

  test('UTF-16 (with or without a BOM), Latin-1 and binary junk are refused as not UTF-8', () => {
    const text = 'WEBVTT\n\n00:01.000 --> 00:02.000\nHello\n';
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const utf16be = Buffer.from(Buffer.from(text, 'utf16le')).swap16();
    const latin1 = Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\nCaf\u00e9\n', 'latin1');
    const junk = Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0x00, 0x01, 0x02, 0xff, 0x10]);
    for (const bytes of [utf16le, Buffer.from(text, 'utf16le'), utf16be, latin1, junk]) {
      expect(refusal(() => decodeCaptionBytes(bytes))).toBe('caption_encoding_invalid');
    }
  });
});

describe('WebVTT', () => {
  test('only cues survive: header text, STYLE, REGION, NOTE, identifiers and cue settings are dropped', () => {
    const file = [
      'WEBVTT - title <script>x</script>',
      'X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000',
      '',
      'STYLE',
      '::cue { background-image: url(https://evil.test/track) }',
      '',
      'REGION',
      'id:r1 width:40%',
      '',
      'NOTE a comment',
      'with two lines',
      '',
      'intro',
      '00:00:01.000 --> 00:00:02.500 align:start position:10% region:r1',
      'Hello there',
    ].join('\n');
    expect(served(file)).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello there\n');
  });

  test('markup: <i>, <b>, <u> kept bare and balanced; every other tag dropped; text escaped again', () => {
    const file = [
      'WEBVTT',
      '',
      '00:01.000 --> 00:02.000',
      '<v Roger><i.loud>Oh <b>no</i></v> <script>alert(1)</script>',
      '<img src=x onerror=alert(1)>&lt;b&gt; &amp; <c.red>red</c> <00:01.500>later',
      '',
      '00:03.000 --> 00:04.000',
      '<font color="red">SRT-ish</font> <a href="javascript:x">link</a> <ruby>漢<rt>kan</rt></ruby>',
    ].join('\n');
    expect(served(file)).toBe(
      [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:02.000',
        '<i>Oh <b>no</b></i> alert(1)',
        '&lt;b&gt; &amp; red later',
        '',
        '00:00:03.000 --> 00:00:04.000',
        'SRT-ish link 漢kan',
        '',
      ].join('\n'),
    );
  });

  test('an unclosed tag is closed at the end of its cue, so it cannot run into the next one', () => {
    expect(served('WEBVTT\n\n00:01.000 --> 00:02.000\n<i>one\n\n00:03.000 --> 00:04.000\ntwo\n')).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<i>one</i>\n\n00:00:03.000 --> 00:00:04.000\ntwo\n',
    );
  });

  test('a timing smuggled into a NOTE is read as the cue a browser would show, then cleaned', () => {
    const file = 'WEBVTT\n\nNOTE\n00:00:01.000 --> 00:00:02.000\n<script>steal()</script>\n';
    expect(served(file)).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nsteal()\n');
  });

  test('a "-->" inside cue text that is no timing refuses the file; escaped arrows cannot form one', () => {
    expect(refusal(() => served('WEBVTT\n\n00:01.000 --> 00:02.000\nfirst\nnot a --> time\n'))).toBe('caption_timing_invalid');
    expect(served('WEBVTT\n\n00:01.000 --> 00:02.000\nan arrow --&gt; here\n')).toContain('an arrow --&gt; here');
  });

  test('unsorted cues are put in order; overlapping cues are kept', () => {
    const file =
      'WEBVTT\n\n00:05.000 --> 00:06.000\nthird\n\n00:01.000 --> 00:04.000\nfirst\n\n00:02.000 --> 00:03.000\nsecond\n';
    const cues = parseCaptions(file, limits, TEN_SECONDS).cues;
    expect(cues.map((cue) => cue.plain)).toEqual(['first', 'second', 'third']);
  });

  test('timings: huge, malformed, reversed and after the video are refused; a little past the end is cut', () => {
    for (const timing of [
      '99999999:00:00.000 --> 99999999:00:01.000',
      '00:01 --> 00:02',
      '00:01.000 --> 00:61.000',
      '00:05.000 --> 00:04.000',
    ]) {
      expect(refusal(() => served(`WEBVTT\n\n${timing}\ntext\n`))).toBe('caption_timing_invalid');
    }
    expect(refusal(() => served('WEBVTT\n\n00:30.000 --> 00:31.000\nlate\n'))).toBe('caption_timing_invalid');
    expect(served('WEBVTT\n\n00:09.000 --> 00:40.000\nlong\n')).toContain('00:00:09.000 --> 00:00:11.000');
  });

  test('limits: cue count, lines per cue and line length; no cue with text at all', () => {
    const many = Array.from({ length: 51 }, (_, index) => `00:00.${String(index).padStart(3, '0')} --> 00:01.000\nc${index}`);
    expect(refusal(() => served(`WEBVTT\n\n${many.join('\n\n')}\n`))).toBe('caption_too_many_cues');
    expect(refusal(() => served('WEBVTT\n\n00:01.000 --> 00:02.000\n1\n2\n3\n4\n5\n'))).toBe('caption_cue_too_long');
    expect(refusal(() => served(`WEBVTT\n\n00:01.000 --> 00:02.000\n${'x'.repeat(61)}\n`))).toBe('caption_cue_too_long');
    expect(served(`WEBVTT\n\n00:01.000 --> 00:02.000\n<i>${'&amp;'.repeat(60)}</i>\n`)).toContain('&amp;');
    expect(refusal(() => served('WEBVTT\n\nNOTE only a note\n'))).toBe('caption_empty');
    expect(refusal(() => served('WEBVTT\n\n00:01.000 --> 00:02.000\n<script></script>\n'))).toBe('caption_empty');
  });

  test('pathological text (unclosed overrides and tags, arrows) is read in linear time', () => {
    // Quadratic scanning of these 300 KB would take minutes; linear takes well under a second.
    const started = performance.now();
    const junk = `WEBVTT\n\n00:01.000 --> 00:02.000\n${'{\\<a&#'.repeat(50_000)}\n`;
    expect(refusal(() => parseCaptions(junk, { ...limits, maxBytes: 1_000_000 }, TEN_SECONDS))).toBe('caption_cue_too_long');
    expect(refusal(() => parseCaptions(`WEBVTT\n\n${'0-->'.repeat(75_000)}\n`, limits, TEN_SECONDS))).toBe(
      'caption_timing_invalid',
    );
    expect(performance.now() - started).toBeLessThan(3000);
  });

  test('text that is neither WebVTT nor SRT is refused by content, whatever it claims', () => {
    for (const text of ['WEBVTTX\n\n00:01.000 --> 00:02.000\nx\n', '<html><body>WEBVTT</body></html>', '{"cues": []}', '']) {
      expect(refusal(() => served(text))).toBe('caption_format_invalid');
    }
  });
});

describe('SRT', () => {
  test('is converted to WebVTT: CRLF, commas, numbering, <font> and {\\an8} overrides go', () => {
    const srt = [
      '1',
      '00:00:01,000 --> 00:00:02,500',
      '{\\an8}<font color="#ff0000">Hello</font> <i>world</i>',
      '',
      '2',
      '00:00:03,5 --> 00:00:04,000',
      'Line one',
      'Line two',
      '',
    ].join('\r\n');
    expect(served(srt)).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello <i>world</i>\n\n00:00:03.500 --> 00:00:04.000\nLine one\nLine two\n',
    );
  });

  test('without the video length (none known) any valid time is kept', () => {
    expect(served('1\n01:00:00,000 --> 01:00:01,000\nlate\n', null)).toContain('01:00:00.000 --> 01:00:01.000');
  });
});
