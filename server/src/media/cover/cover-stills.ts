import sharp from 'sharp';
import { AppError } from '../../http/errors.ts';
import { MediaProbeError, type MediaToolsRepository } from '../probe.ts';
import { type ImageFormat, sniffBytes } from '../sniff.ts';

/** A cover picture may declare at most this many pixels; checked from its header, before anything is decoded. */
export const COVER_MAX_PIXELS = 50_000_000;
/** Its shortest side must reach the listing still's width, or every still would be an enlargement. */
export const COVER_MIN_SIDE = 360;
/** Largest cover picture upload, in bytes; phones' full-size photos fit. */
export const COVER_MAX_BYTES = 15 * 1024 * 1024;

/** The image type of an uploaded cover from its first bytes (never its name or declared type), or the refusal. */
export function coverImageFormat(picture: Uint8Array): ImageFormat {
  const sniffed = sniffBytes(picture.subarray(0, 64 * 1024));
  if (sniffed.kind === 'image') return sniffed.format;
  throw new AppError(sniffed.kind === 'rejected' ? sniffed.code : 'not_video_or_image');
}

/**
 * Checks an uploaded cover before it is stored: the header through the hardened probe (sharp with the pixel
 * limit, the loader sharp picks must be the sniffed one), the size, then one whole decode, so a truncated or
 * corrupt file is refused now rather than failing the job later.
 */
export async function checkCoverPicture(tools: MediaToolsRepository, path: string, format: ImageFormat): Promise<void> {
  try {
    const header = await tools.probeImage(path, format);
    if (Math.min(header.width, header.height) < COVER_MIN_SIDE) throw new AppError('picture_too_small');
    await sharp(path, { limitInputPixels: COVER_MAX_PIXELS, failOn: 'error' }).rotate().resize(64).raw().toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof MediaProbeError) throw new AppError(error.code);
    throw new AppError(/pixel limit/i.test(String(error)) ? 'media_too_many_pixels' : 'not_video_or_image');
  }
}

/**
 * The uploaded picture as the video's poster frame: turned upright from its EXIF orientation, cut to the
 * poster's size around its most interesting part, flattened onto black, as PNG bytes without metadata. The
 * stills are then made from it exactly as from a frame of the video (image-variants.ts `videoStills`).
 */
export function pictureAsFrame(path: string, size: { readonly width: number; readonly height: number }): Promise<Buffer> {
  return sharp(path, { limitInputPixels: COVER_MAX_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: size.width, height: size.height, fit: 'cover', position: 'attention' })
    .flatten({ background: '#000000' })
    .toColourspace('srgb')
    .png()
    .toBuffer();
}
