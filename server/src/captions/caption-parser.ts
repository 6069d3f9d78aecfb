import { AppError, type ErrorCode } from '../http/errors.ts';
import { cleanCueText, visibleLength } from './caption-text.ts';

/** Settings of the caption rules (config-schema.ts CAPTION_*). */
export interface CaptionLimits {
  readonly maxBytes: number;
  readonly maxCues: number;
  readonly maxLineChars: number;
}

/** More lines than this do not fit over a phone-sized video. */
export const CUE_MAX_LINES = 4;
/** A cue may run this far past the video's end (files are often timed a little long); later starts are refused. */
const END_SLACK_MS = 1000;
/** 99:59:59.999, the largest time two hour digits can write. */
const MAX_TIME_MS = 100 * 3_600_000 - 1;

export interface Cue {
  readonly startMs: number;
  readonly endMs: number;
  /** Cue text lines as written to the WebVTT file: escaped, only `<i>`, `<b>`, `<u>` tags. */
  readonly lines: readonly string[];
  /** The same words without markup, on one line. */
  readonly plain: string;
}

export interface ParsedCaptions {
  readonly format: 'vtt' | 'srt';
  readonly cues: readonly Cue[];
}

const ARROW = '-->';
const TIMING = /^\s*(\S+?)\s*-->\s*(\S+)(?:\s.*)?$/;
// Hours are optional and at most two digits; SRT writes a comma and sometimes fewer millisecond digits.
const TIMESTAMP = /^(?:(\d{1,2}):)?([0-5]?\d):([0-5]\d)[.,](\d{1,3})$/;

/**
 * Reads WebVTT or SRT text (decided by content: the `WEBVTT` signature, or SRT's numbered timed blocks)
 * into sorted, cleaned cues. Only cues survive: the header, NOTE, STYLE and REGION blocks, cue identifiers
 * and cue settings are dropped, because the file is written again from the cues alone (`writeWebVtt`).
 * Blocks are split as browsers do: a line holding `-->` after a cue's text starts the next cue, so a
 * timing hidden in a NOTE or in cue text is read as the cue a browser would show, and cleaned like any.
 */
export function parseCaptions(text: string, limits: CaptionLimits, videoDurationMs: number | null): ParsedCaptions {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const format = detectFormat(lines);
  let first = 0;
  if (format === 'vtt') {
    // The signature line and the header lines under it, up to the first blank line or timing.
    first = 1;
    while (first < lines.length && (lines[first] ?? '').trim() !== '' && !lines[first]?.includes(ARROW)) first += 1;
  }
  const cues: Cue[] = [];
  for (const block of blocksOf(lines.slice(first))) {
    const timingAt = block.findIndex((line) => line.includes(ARROW));
    if (timingAt < 0 || timingAt > 1) continue;
    const cue = readCue(block, timingAt, cues.length + 1, videoDurationMs);
    if (cue) cues.push(cue);
    if (cues.length > limits.maxCues) {
      throw refused('caption_too_many_cues', `more than ${limits.maxCues} cues`);
    }
  }
  if (cues.length === 0) throw refused('caption_empty', 'no cue with text');
  for (const [index, cue] of cues.entries()) {
    if (cue.lines.length > CUE_MAX_LINES) {
      throw refused('caption_cue_too_long', `cue ${index + 1} has ${cue.lines.length} lines (at most ${CUE_MAX_LINES})`);
    }
    const long = cue.lines.find((line) => visibleLength(line) > limits.maxLineChars);
    if (long !== undefined) {
      throw refused('caption_cue_too_long', `cue ${index + 1} has a line longer than ${limits.maxLineChars} characters`);
    }
  }
  // Cues overlap legitimately (two speakers); out of order they are put in order, as WebVTT requires.
  const sorted = cues.map((cue, index) => ({ cue, index }));
  sorted.sort((a, b) => a.cue.startMs - b.cue.startMs || a.cue.endMs - b.cue.endMs || a.index - b.index);
  return { format, cues: sorted.map(({ cue }) => cue) };
}

function detectFormat(lines: readonly string[]): 'vtt' | 'srt' {
  if (/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) return 'vtt';
  const start = lines.findIndex((line) => line.trim() !== '');
  const head = lines[start]?.trim() ?? '';
  const next = lines[start + 1] ?? '';
  if (start >= 0 && ((/^\d{1,9}$/.test(head) && TIMING.test(next)) || TIMING.test(head))) return 'srt';
  throw refused('caption_format_invalid', 'neither a WebVTT file (WEBVTT first) nor SRT (numbered timed blocks)');
}

/** Groups lines into blocks: blank lines end one, and so does a second timing line. */
function* blocksOf(lines: readonly string[]): Generator<string[]> {
  let block: string[] = [];
  for (const line of lines) {
    if (line.trim() === '') {
      if (block.length) yield block;
      block = [];
      continue;
    }
    if (line.includes(ARROW) && (block.length > 1 || block.some((held) => held.includes(ARROW)))) {
      yield block;
      block = [];
    }
    block.push(line);
  }
  if (block.length) yield block;
}

function readCue(block: readonly string[], timingAt: number, number: number, videoDurationMs: number | null): Cue | undefined {
  const timing = TIMING.exec(block[timingAt] ?? '');
  const startMs = timing ? parseTimestamp(timing[1] ?? '') : undefined;
  let endMs = timing ? parseTimestamp(timing[2] ?? '') : undefined;
  if (startMs === undefined || endMs === undefined) {
    throw refused('caption_timing_invalid', `cue ${number}: "${(block[timingAt] ?? '').slice(0, 60)}" is not a valid time range`);
  }
  if (endMs <= startMs) throw refused('caption_timing_invalid', `cue ${number} ends before it starts`);
  if (videoDurationMs !== null) {
    if (startMs >= videoDurationMs + END_SLACK_MS) {
      throw refused('caption_timing_invalid', `cue ${number} starts after the video ends`);
    }
    endMs = Math.min(endMs, videoDurationMs + END_SLACK_MS);
  }
  const { lines, plain } = cleanCueText(block.slice(timingAt + 1).join('\n'));
  if (plain.trim() === '' || lines.length === 0) return undefined;
  return { startMs, endMs, lines, plain };
}

function parseTimestamp(value: string): number | undefined {
  const match = TIMESTAMP.exec(value);
  if (!match) return undefined;
  const [, hours = '0', minutes = '0', seconds = '0', fraction = '0'] = match;
  const ms = ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(fraction.padEnd(3, '0'));
  return ms <= MAX_TIME_MS ? ms : undefined;
}

function refused(code: ErrorCode, problem: string): AppError {
  return new AppError(code, { details: [{ field: 'file', problem }] });
}

function timestamp(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(ms % 1000, 3)}`;
}

/** The WebVTT file served to players: the signature, then each cue's timing and cleaned text, nothing else. */
export function writeWebVtt(cues: readonly Cue[]): string {
  const blocks = cues.map((cue) => `${timestamp(cue.startMs)} --> ${timestamp(cue.endMs)}\n${cue.lines.join('\n')}`);
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}
