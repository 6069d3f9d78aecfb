import { open } from 'node:fs/promises';

/** How many leading bytes decide a file's type; every signature we accept sits well inside this. */
export const SNIFF_BYTES = 64 * 1024;

export type VideoContainer = 'mov' | 'matroska';
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/**
 * What the first bytes say. Only `video` and `image` may reach ffprobe or sharp; everything else is answered
 * with its code. GIF and HEIC are recognised but refused (`unsupported_image_format`): an animated GIF would
 * silently lose its motion as a still, and this sharp build has no HEVC decoder for HEIC.
 */
export type Sniffed =
  | { readonly kind: 'video'; readonly container: VideoContainer; readonly brand: string }
  | { readonly kind: 'image'; readonly format: ImageFormat }
  | { readonly kind: 'rejected'; readonly code: 'not_video_or_image' | 'unsupported_image_format'; readonly detected: string };

/** ISO base media brands of ordinary MP4/MOV/3GP video; audio-only (M4A), images and DRM brands stay out. */
// biome-ignore format: a table reads better flat
const VIDEO_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'hvc1', 'av01', 'dash', 'mmp4', 'MSNV',
  'qt  ', 'M4V ', 'M4VH', 'M4VP', '3gp4', '3gp5', '3gp6', '3gp7', '3gs7', '3ge6', '3ge7', '3gg6', '3g2a', '3g2b', '3g2c',
]);
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((value, index) => bytes[offset + index] === value);

const reject = (detected: string, code: 'not_video_or_image' | 'unsupported_image_format' = 'not_video_or_image'): Sniffed => ({
  kind: 'rejected',
  code,
  detected,
});

function sniffFtyp(bytes: Uint8Array): Sniffed {
  const size = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const major = ascii(bytes, 8, 12);
  const end = Math.min(Math.max(size, 16), bytes.length, 256);
  const compatible: string[] = [];
  for (let offset = 16; offset + 4 <= end; offset += 4) compatible.push(ascii(bytes, offset, offset + 4));
  const brands = [major, ...compatible];
  // Image brands win: an AVIF or HEIC file also lists generic ISO brands such as mif1 or miaf.
  if (AVIF_BRANDS.has(major) || (major === 'mif1' && compatible.some((brand) => AVIF_BRANDS.has(brand)))) {
    return { kind: 'image', format: 'avif' };
  }
  if (HEIC_BRANDS.has(major) || brands.some((brand) => HEIC_BRANDS.has(brand) || brand === 'mif1' || brand === 'msf1')) {
    return reject('heic', 'unsupported_image_format');
  }
  if (VIDEO_BRANDS.has(major)) return { kind: 'video', container: 'mov', brand: major };
  return reject(`ftyp:${major}`);
}

/** Reads the EBML header's DocType (element 0x4282); Matroska and WebM are the only ones we take. */
function sniffEbml(bytes: Uint8Array): Sniffed {
  const header = bytes.subarray(0, 64);
  for (let index = 4; index + 3 < header.length; index++) {
    if (header[index] !== 0x42 || header[index + 1] !== 0x82) continue;
    const sizeByte = header[index + 2]!;
    if ((sizeByte & 0x80) === 0) break; // multi-byte sizes never occur for these short doc types
    const docType = ascii(header, index + 3, index + 3 + (sizeByte & 0x7f));
    if (docType === 'webm' || docType === 'matroska') return { kind: 'video', container: 'matroska', brand: docType };
    return reject(`ebml:${docType}`);
  }
  return reject('ebml');
}

/** Text formats some tool would follow or render (playlists, concat lists, markup, scripts). */
function sniffText(bytes: Uint8Array): string {
  let text = ascii(bytes, 0, 1024);
  if (text.startsWith('\xEF\xBB\xBF')) text = text.slice(3);
  const start = text.trimStart().toLowerCase();
  if (start.startsWith('#extm3u')) return 'hls';
  if (start.startsWith('ffconcat version')) return 'ffconcat';
  if (start.startsWith('#!')) return 'script';
  if (start.startsWith('%pdf-')) return 'pdf';
  if (/^<mpd[\s>]/.test(start) || /<mpd[\s>]/.test(start)) return 'dash';
  if (start.includes('<svg')) return 'svg';
  if (start.startsWith('<!doctype html') || start.startsWith('<html') || start.includes('<script')) return 'html';
  if (start.startsWith('<?xml') || start.startsWith('<')) return 'xml';
  return 'unknown';
}

/** Decides a file's type from its leading bytes alone; name and declared MIME type are never consulted. */
export function sniffBytes(bytes: Uint8Array): Sniffed {
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') return sniffFtyp(bytes);
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return sniffEbml(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', format: 'jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', format: 'png' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { kind: 'image', format: 'webp' };
  const head = ascii(bytes, 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return reject('gif', 'unsupported_image_format');
  if (startsWith(bytes, [0x50, 0x4b]) && (bytes[2] ?? 0) < 0x09) return reject('zip');
  if (startsWith(bytes, [0x1f, 0x8b])) return reject('gzip');
  if (startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return reject('7z');
  if (head.startsWith('Rar!')) return reject('rar');
  if (startsWith(bytes, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])) return reject('xz');
  if (head.startsWith('BZh')) return reject('bzip2');
  if (ascii(bytes, 257, 262) === 'ustar') return reject('tar');
  return reject(sniffText(bytes));
}

/** Reads at most SNIFF_BYTES from the start of the file and sniffs them. */
export async function sniffFile(path: string): Promise<Sniffed> {
  const file = await open(path, 'r');
  try {
    const buffer = new Uint8Array(SNIFF_BYTES);
    const { bytesRead } = await file.read(buffer, 0, SNIFF_BYTES, 0);
    return sniffBytes(buffer.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}
