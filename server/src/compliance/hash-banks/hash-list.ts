/**
 * The common exchange format of PDQ hash lists (ThreatExchange, StopNCII exports): one hash a line as 64 hex
 * digits, optionally `,quality` (0–100) and `,comment`; blank lines and lines starting with `#` are skipped,
 * as is anything after ` #` on a line.
 */

export interface ListedHash {
  readonly line: number;
  readonly hash: string;
  readonly quality: number | null;
  readonly comment: string;
}

export interface InvalidLine {
  readonly line: number;
  readonly text: string;
}

export interface ParsedHashList {
  readonly hashes: ListedHash[];
  readonly invalid: InvalidLine[];
}

const HASH = /^[0-9a-fA-F]{64}$/;
const QUALITY = /^\d{1,3}$/;
/** Invalid lines quoted back in the summary: enough to fix a file, not a copy of a bad one. */
export const INVALID_LINES_SHOWN = 50;
const QUOTED_CHARS = 100;

export function parseHashList(text: string): ParsedHashList {
  const hashes: ListedHash[] = [];
  const invalid: InvalidLine[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const content = raw.replace(/\s+#.*$/, '').trim();
    if (content === '' || content.startsWith('#')) continue;
    const [hash = '', quality, ...comment] = content.split(',').map((field) => field.trim());
    const qualityValue = quality === undefined || quality === '' ? null : QUALITY.test(quality) ? Number(quality) : -1;
    if (!HASH.test(hash) || qualityValue === -1 || (qualityValue !== null && qualityValue > 100)) {
      invalid.push({ line: index + 1, text: raw.slice(0, QUOTED_CHARS) });
      continue;
    }
    hashes.push({ line: index + 1, hash: hash.toLowerCase(), quality: qualityValue, comment: comment.join(',').slice(0, 200) });
  }
  return { hashes, invalid };
}
