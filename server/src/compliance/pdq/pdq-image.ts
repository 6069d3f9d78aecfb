import sharp from 'sharp';
import { type PdqHash, pdqFromRgb } from './pdq.ts';

/**
 * The reference hashers (pdq/python) shrink a picture to fit 512x512 before hashing: the tent filter
 * averages 1/64th of the side anyway, so the hash barely moves, and a 12-megapixel upload costs no more
 * than a small one.
 */
const HASHED_SIDE = 512;

/**
 * PDQ of an image file or buffer, decoded by sharp with the upload pixel limit (a decompression bomb fails
 * before it is decoded), EXIF orientation applied and transparency flattened onto black as the variants are.
 */
export async function pdqOfImage(input: string | Buffer, maxPixels: number): Promise<PdqHash> {
  const { data, info } = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
    .rotate()
    .resize({ width: HASHED_SIDE, height: HASHED_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#000000' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`pdq: expected 3 channels, got ${info.channels}`);
  return pdqFromRgb(data, info.width, info.height);
}
