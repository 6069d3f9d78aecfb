import { describe, expect, test } from 'vitest';
import { sniffBytes } from './sniff.ts';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)));
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 2, 0], ...compatible, [0, 0, 0, 8], 'free');
};
const ebml = (docType: string) =>
  bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | docType.length], docType);

describe('sniffBytes', () => {
  test.each([
    ['isom', ['isom', 'avc1']],
    ['mp42', ['mp42', 'isom']],
    ['qt  ', ['qt  ']],
    ['3gp4', ['3gp4']],
    ['M4V ', ['M4V ']],
  ])('ftyp %s is an MP4/MOV video', (major, compatible) => {
    expect(sniffBytes(ftyp(major, ...compatible))).toEqual({ kind: 'video', container: 'mov', brand: major });
  });
  test('Matroska and WebM are read from the EBML DocType', () => {
    expect(sniffBytes(ebml('webm'))).toMatchObject({ kind: 'video', container: 'matroska' });
    expect(sniffBytes(ebml('matroska'))).toMatchObject({ kind: 'video', container: 'matroska' });
    expect(sniffBytes(ebml('other'))).toMatchObject({ kind: 'rejected', code: 'not_video_or_image' });
  });
  test('still images', () => {
    expect(sniffBytes(bytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ kind: 'image', format: 'jpeg' });
    expect(sniffBytes(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toEqual({ kind: 'image', format: 'png' });
    expect(sniffBytes(bytes('RIFF', [1, 0, 0, 0], 'WEBPVP8 '))).toEqual({ kind: 'image', format: 'webp' });
    expect(sniffBytes(ftyp('avif', 'mif1', 'miaf'))).toEqual({ kind: 'image', format: 'avif' });
    expect(sniffBytes(ftyp('mif1', 'avif'))).toEqual({ kind: 'image', format: 'avif' });
  });
  test('GIF and HEIC are recognised and refused as unsupported images', () => {
    for (const sample of [bytes('GIF89a'), bytes('GIF87a'), ftyp('heic', 'mif1'), ftyp('mif1', 'heic')]) {
      expect(sniffBytes(sample)).toMatchObject({ kind: 'rejected', code: 'unsupported_image_format' });
    }
  });
  test.each([
    ['hls', bytes('#EXTM3U\n#EXTINF:1,\n/etc/passwd\n')],
    ['hls', bytes([0xef, 0xbb, 0xbf], '  #extm3u\n')],
    ['dash', bytes('<?xml version="1.0"?>\n<MPD xmlns="urn:mpeg:dash">')],
    ['ffconcat', bytes('ffconcat version 1.0\nfile /etc/passwd\n')],
    ['svg', bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['html', bytes('<!DOCTYPE html><html><body>hi</body></html>')],
    ['xml', bytes('<?xml version="1.0"?><root/>')],
    ['pdf', bytes('%PDF-1.7\n')],
    ['script', bytes('#!/bin/sh\nrm -rf /\n')],
    ['zip', bytes('PK', [3, 4, 20, 0])],
    ['gzip', bytes([0x1f, 0x8b, 8, 0])],
    ['7z', bytes('7z', [0xbc, 0xaf, 0x27, 0x1c])],
    ['rar', bytes('Rar!', [0x1a, 0x07, 0x01, 0])],
    ['tar', bytes('a'.repeat(257), 'ustar')],
    ['ftyp:M4A ', ftyp('M4A ', 'M4A ', 'mp42')],
    ['ftyp:crap', ftyp('crap')],
    ['unknown', bytes('just some text')],
    ['unknown', new Uint8Array()],
  ])('%s is not_video_or_image', (detected, sample) => {
    expect(sniffBytes(sample)).toEqual({ kind: 'rejected', code: 'not_video_or_image', detected });
  });
});
