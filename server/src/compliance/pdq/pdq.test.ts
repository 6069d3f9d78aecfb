import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { hammingDistance, pdqFromRgb } from './pdq.ts';
import { pdqOfImage } from './pdq-image.ts';

const fixtures = join(import.meta.dirname, 'fixtures');
const MAX_PIXELS = 50_000_000;

/** Published hashes of ThreatExchange's test images (fixtures/README.md). */
const REFERENCE = [
  { file: 'square-128x128.jpg', hash: 'd8f8f1eec0f4a84f0e37022a078f63f0b36e2ed596621e1d33e6239c4e9c9b22' },
  { file: 'shrink-a-lot.jpg', hash: 'd0f8f1ccc0f4a84d0a370a3a228f67f0b36e2ed5b6623e1d33e6339c4e9c9b22' },
  { file: 'wee.jpg', hash: '6227401f601ff4ccafcc9fad4b0d95d371a2eb7265a3285234d228ca94deeb2d' },
  { file: 'small.jpg', hash: '0007001f003f003f007f00ff00ff00ff01ff01ff01ff03ff03ff03ff03ff03ff' },
];

describe('PDQ', () => {
  test.each(REFERENCE)('$file hashes exactly as the published reference', async ({ file, hash }) => {
    expect((await pdqOfImage(join(fixtures, file), MAX_PIXELS)).hash).toBe(hash);
  });

  test('the flat picture of the reference has quality 0, a detailed one 100', async () => {
    expect((await pdqOfImage(join(fixtures, 'small.jpg'), MAX_PIXELS)).quality).toBe(0);
    expect((await pdqOfImage(join(fixtures, 'square-128x128.jpg'), MAX_PIXELS)).quality).toBe(100);
  });

  test('the same picture resized and re-encoded stays within 31 bits; a different picture does not', async () => {
    const original = await pdqOfImage(join(fixtures, 'square-128x128.jpg'), MAX_PIXELS);
    const recoded = await sharp(join(fixtures, 'square-128x128.jpg')).resize(300, 300).webp({ quality: 40 }).toBuffer();
    expect(hammingDistance((await pdqOfImage(recoded, MAX_PIXELS)).hash, original.hash)).toBeLessThanOrEqual(31);
    const other = await pdqOfImage(join(fixtures, 'wee.jpg'), MAX_PIXELS);
    expect(hammingDistance(other.hash, original.hash)).toBeGreaterThan(31);
  });

  test('Hamming distance counts differing bits', () => {
    const zero = '0'.repeat(64);
    expect(hammingDistance(zero, zero)).toBe(0);
    expect(hammingDistance(zero, `f${'0'.repeat(63)}`)).toBe(4);
    expect(hammingDistance(zero, 'f'.repeat(64))).toBe(256);
  });

  test('refuses pixels that do not match the declared size', () => {
    expect(() => pdqFromRgb(new Uint8Array(5), 2, 2)).toThrow(RangeError);
  });
});
