import { AppError } from '../http/errors.ts';

/**
 * Bytes of an uploaded caption file to text, by content: strict UTF-8 only. A UTF-8 byte order mark is
 * dropped; UTF-16/UTF-32 (a BOM, or the NUL bytes their ASCII carries), any other encoding (Latin-1's
 * lone high bytes fail strict decoding) and control characters (binary junk) are refused.
 */
export function decodeCaptionBytes(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]) || startsWith(bytes, [0x00, 0x00, 0xfe, 0xff])) {
    throw encodingRefused('UTF-16 or UTF-32 text; save the file as UTF-8');
  }
  const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    throw encodingRefused('not UTF-8; save the file as UTF-8');
  }
  // Tab, line feed and carriage return are the only control characters a text file needs.
  const control = /[^\P{Cc}\t\n\r]/u.exec(text);
  if (control) throw encodingRefused(`control character U+${control[0].codePointAt(0)?.toString(16).padStart(4, '0')}`);
  return text;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function encodingRefused(problem: string): AppError {
  return new AppError('caption_encoding_invalid', { details: [{ field: 'file', problem }] });
}

/** The tags a cue may keep: italics, bold and underline, re-written bare (`<i.loud>` becomes `<i>`). */
const KEPT_TAGS = new Set(['i', 'b', 'u']);
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
};

/** A cue's text as it is written back: safe WebVTT cue markup, and the same words without markup. */
export interface CleanCueText {
  readonly lines: string[];
  readonly plain: string;
}

/**
 * Re-writes a cue's text from scratch: every tag but `<i>`, `<b>`, `<u>` is dropped (voice, class,
 * ruby, karaoke timestamps, SRT's `<font>` and `{\an8}`, anything script-like), kept tags are balanced,
 * entities are decoded and the text escaped again, so `<`, `>` and `&` in the output are only ours and
 * no line can read as a timing line (`-->` becomes `--&gt;`). Empty lines are left out: in WebVTT a
 * blank line would end the cue.
 */
export function cleanCueText(text: string): CleanCueText {
  const open: string[] = [];
  let markup = '';
  let plain = '';
  // Text between kept tags is decoded and escaped once per run, not once per token.
  let pending = '';
  const flush = () => {
    const decoded = decodeEntities(pending).replace(/\t/g, ' ');
    plain += decoded;
    markup += escapeCueText(decoded);
    pending = '';
  };
  // SSA override blocks are short and hold no brace, which keeps a line of unclosed `{\` linear to scan.
  const withoutOverrides = text.replace(/\{\\[^{}\n]{0,200}\}/g, '');
  for (const [token] of withoutOverrides.matchAll(/<[^<>\n]*>|[^<]+|</g)) {
    const tag = token.length > 1 && token.endsWith('>') ? /^<(\/?)([A-Za-z]+)/.exec(token) : null;
    const name = tag?.[2]?.toLowerCase();
    if (!tag || !name || !KEPT_TAGS.has(name)) {
      // Any other tag goes; its text stays (`<v Roger>` drops the voice, `<c.red>red</c>` keeps "red").
      if (!token.startsWith('<') || !token.endsWith('>') || token.length === 1) pending += token;
      continue;
    }
    flush();
    if (!tag[1]) {
      if (!open.includes(name)) {
        open.push(name);
        markup += `<${name}>`;
      }
    } else if (open.includes(name)) {
      // Closing an outer tag closes the ones opened inside it, as HTML would.
      while (open.length) {
        const closed = open.pop();
        markup += `</${closed}>`;
        if (closed === name) break;
      }
    }
  }
  flush();
  while (open.length) markup += `</${open.pop()}>`;
  const lines = markup
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^(<\/?[ibu]>)+$/.test(line));
  return {
    lines,
    plain: plain
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join(' '),
  };
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,6});/g, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      const allowed = code >= 0x20 && code <= 0x10ffff && !(code >= 0x7f && code <= 0x9f) && !(code >= 0xd800 && code <= 0xdfff);
      return allowed ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

export function escapeCueText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** Characters of a written cue line as a viewer sees them (tags and entities count as what they show). */
export function visibleLength(line: string): number {
  return [...decodeEntities(line.replace(/<\/?[ibu]>/g, ''))].length;
}
