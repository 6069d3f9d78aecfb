import sharp, { type OutputInfo } from 'sharp';
import { AppError } from '../http/errors.ts';
import { sniffBytes } from '../media/sniff.ts';

/** Spec §3 image variants for avatars: small, medium and retina, each in WebP and JPEG. */
export const AVATAR_SIZES = { small: 64, medium: 128, retina: 256 } as const;
/** Checked from the header before decoding, so a tiny file declaring a huge canvas is refused cheaply. */
export const AVATAR_MAX_PIXELS = 50_000_000;
const AVATAR_MIN_SIDE = 32;

export interface AvatarRendition {
  readonly rendition: string;
  readonly extension: 'jpg' | 'webp';
  readonly mime: 'image/jpeg' | 'image/webp';
  readonly size: number;
  readonly bytes: Buffer;
}

/**
 * The type comes from the bytes (never the name); only JPEG, PNG, WebP and AVIF reach sharp, which reads
 * at most AVATAR_MAX_PIXELS. The picture is turned upright from its EXIF orientation, cut to a centred
 * square and re-encoded; sharp writes no metadata unless asked, so EXIF (location, camera) is dropped.
 */
export async function avatarRenditions(input: Buffer): Promise<AvatarRendition[]> {
  const sniffed = sniffBytes(input.subarray(0, 64 * 1024));
  if (sniffed.kind !== 'image') throw new AppError(sniffed.kind === 'rejected' ? sniffed.code : 'not_video_or_image');
  let upright: { data: Buffer; info: OutputInfo };
  try {
    const image = sharp(input, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error', pages: 1 });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new AppError('not_video_or_image');
    if (meta.width * meta.height > AVATAR_MAX_PIXELS) throw new AppError('media_too_many_pixels');
    if (Math.min(meta.width, meta.height) < AVATAR_MIN_SIDE) throw new AppError('picture_too_small');
    upright = await image
      .rotate()
      .resize(AVATAR_SIZES.retina, AVATAR_SIZES.retina, { fit: 'cover', position: 'attention' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // sharp refuses a pixel count above the limit, or a corrupt file, with an Error of its own.
    throw new AppError(/pixel limit/i.test(String(error)) ? 'media_too_many_pixels' : 'not_video_or_image');
  }
  const renditions: AvatarRendition[] = [];
  for (const [name, size] of Object.entries(AVATAR_SIZES)) {
    const resized = sharp(upright.data, { raw: upright.info }).resize(size, size);
    const [jpg, webp] = await Promise.all([
      resized.clone().jpeg({ quality: 84, progressive: true, mozjpeg: true }).toBuffer(),
      resized.clone().webp({ quality: 80, effort: 3 }).toBuffer(),
    ]);
    renditions.push({ rendition: `avatar-${name}-jpg`, extension: 'jpg', mime: 'image/jpeg', size, bytes: jpg });
    renditions.push({ rendition: `avatar-${name}-webp`, extension: 'webp', mime: 'image/webp', size, bytes: webp });
  }
  return renditions;
}
