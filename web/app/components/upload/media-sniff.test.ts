import { describe, expect, test } from 'vitest';
import { sniffMediaKind } from './media-sniff';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)));
const ftyp = (brand: string) => bytes([0, 0, 0, 24], 'ftyp', brand, [0, 0, 0, 0], 'isom');

describe('sniffMediaKind', () => {
  test('ISO media and Matroska are videos', () => {
    expect(sniffMediaKind(ftyp('isom'))).toBe('video');
    expect(sniffMediaKind(ftyp('qt  '))).toBe('video');
    expect(sniffMediaKind(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f], 'B', [0x82, 0x84], 'webm'))).toBe('video');
  });

  test('JPEG, PNG, WebP and AVIF are images', () => {
    expect(sniffMediaKind(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image');
    expect(sniffMediaKind(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image');
    expect(sniffMediaKind(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image');
    expect(sniffMediaKind(ftyp('avif'))).toBe('image');
  });

  test('GIF and HEIC are refused as unsupported images, anything else as neither video nor image', () => {
    expect(sniffMediaKind(bytes('GIF89a', [1, 0]))).toEqual({ rejected: 'unsupported_image_format' });
    expect(sniffMediaKind(ftyp('heic'))).toEqual({ rejected: 'unsupported_image_format' });
    expect(sniffMediaKind(bytes('#EXTM3U\n#EXT-X-VERSION:3'))).toEqual({ rejected: 'not_video_or_image' });
    expect(sniffMediaKind(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toEqual({ rejected: 'not_video_or_image' });
    expect(sniffMediaKind(new Uint8Array())).toEqual({ rejected: 'not_video_or_image' });
  });
});
