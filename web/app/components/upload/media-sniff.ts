import type { UploadErrorCode } from '../../../../server/src/media/upload-rules.ts';

/** How many leading bytes the browser reads to tell a video from an image from anything else. */
export const SNIFF_LENGTH = 64;

export type SniffedKind =
  | 'video'
  | 'image'
  | { readonly rejected: Extract<UploadErrorCode, 'not_video_or_image' | 'unsupported_image_format'> };

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((value, index) => bytes[index] === value);

/**
 * The browser's first look at a chosen file, so a wrong file is answered before anything is sent. The
 * server's sniff.ts reads files through node:fs and cannot ship to the browser; it stays the judge, and
 * this only sorts the ordinary cases the same way: ISO media and Matroska/WebM are video (HEIC and AVIF
 * brands aside), JPEG, PNG, WebP and AVIF are images, GIF and HEIC are refused as the server refuses them.
 */
export function sniffMediaKind(bytes: Uint8Array): SniffedKind {
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'image';
    if (/^(heic|heix|heim|heis|hevc|hevx|mif1|msf1)$/.test(brand)) return { rejected: 'unsupported_image_format' };
    return 'video';
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'video';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image';
  if (/^GIF8[79]a/.test(ascii(bytes, 0, 6))) return { rejected: 'unsupported_image_format' };
  return { rejected: 'not_video_or_image' };
}
