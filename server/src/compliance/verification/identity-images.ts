import sharp from 'sharp';
import { AppError } from '../../http/errors.ts';
import { sniffBytes } from '../../media/sniff.ts';

/** A phone's full-resolution photo fits; anything larger is not a photo of a card. */
export const IDENTITY_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const MAX_PIXELS = 50_000_000;
/** Below this a document's text cannot be read by a reviewer. */
const MIN_SIDE = 300;
/** Stored at most this large: legible, and a few hundred kilobytes rather than megabytes. */
const STORED_SIDE = 2400;

export interface CheckedImage {
  readonly bytes: Buffer;
  readonly width: number;
  readonly height: number;
}

/**
 * An ID or selfie picture judged by its content: the type from its bytes (JPEG, PNG, WebP, AVIF), the
 * declared size checked before decoding, decoded whole (a damaged file is refused), turned upright and
 * re-encoded as JPEG, which drops EXIF, GPS and every other piece of metadata the phone wrote.
 */
export async function checkIdentityImage(input: Buffer): Promise<CheckedImage> {
  if (input.length > IDENTITY_IMAGE_MAX_BYTES) throw new AppError('identity_image_too_large');
  if (sniffBytes(input.subarray(0, 64 * 1024)).kind !== 'image') throw new AppError('identity_image_invalid');
  try {
    const image = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 });
    const meta = await image.metadata();
    if (!meta.width || !meta.height || Math.min(meta.width, meta.height) < MIN_SIDE) throw new AppError('identity_image_invalid');
    const { data, info } = await image
      .rotate()
      .resize(STORED_SIDE, STORED_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(/pixel limit/i.test(String(error)) ? 'identity_image_too_large' : 'identity_image_invalid');
  }
}
