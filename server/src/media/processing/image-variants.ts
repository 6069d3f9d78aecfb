import sharp, { type OutputInfo } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';

/**
 * Stills with sharp, for image posts (every picture) and videos (from a frame). Output carries no metadata
 * (sharp keeps none unless asked), EXIF orientation is applied by `.rotate()` before anything else, and
 * uploads are opened with a pixel limit, so a decompression bomb fails before it is decoded.
 */
export type StillFormat = 'jpg' | 'webp' | 'png';

/** One encoded picture; its variant name is `${rendition}-${format}` (`listing-small-webp`, `peek-png`). */
export interface StillOutput {
  readonly rendition: string;
  readonly format: StillFormat;
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
}

export interface RenderedStills {
  readonly outputs: StillOutput[];
  /** Variant names that stand for another variant's file (`poster-webp` → `poster-retina-webp`). */
  readonly aliases: Readonly<Record<string, string>>;
  /** ThumbHash of the picture, base64. */
  readonly placeholder: string;
  /** Displayed size of the source, after orientation. */
  readonly width: number;
  readonly height: number;
}

type RawImage = { data: Buffer; info: OutputInfo };
type Shape = { readonly width: number; readonly height?: number };

/**
 * Sizes of an image post's variants, in CSS pixels wide (small, medium, retina = 2x medium or close).
 * Listing, poster and thumb keep the picture's aspect ratio; avatar is square; banner is 3:1, cropped.
 */
export const IMAGE_VARIANT_SIZES: Readonly<
  Record<'listing' | 'poster' | 'thumb' | 'avatar' | 'banner', Record<'small' | 'medium' | 'retina', Shape>>
> = {
  listing: { small: { width: 180 }, medium: { width: 360 }, retina: { width: 720 } },
  poster: { small: { width: 360 }, medium: { width: 720 }, retina: { width: 1080 } },
  thumb: { small: { width: 90 }, medium: { width: 180 }, retina: { width: 360 } },
  avatar: { small: { width: 64, height: 64 }, medium: { width: 128, height: 128 }, retina: { width: 256, height: 256 } },
  banner: { small: { width: 480, height: 160 }, medium: { width: 960, height: 320 }, retina: { width: 1440, height: 480 } },
};

/** The names existing readers use (post tiles, detail page, oEmbed) and which sized variant each one is. */
const PLAIN_NAMES = { poster: 'poster-retina', listing: 'listing-medium', thumb: 'thumb-medium' } as const;

/** `/thumber/peek|mini/{name}.jpg|png`: small previews of any media file. */
export const THUMBER_SIZES = { peek: { width: 180 }, mini: { width: 64 } } as const;

/** Frames of a video: the poster at the frame's size, plus listing and thumbnail at the demo seed's widths. */
const VIDEO_STILLS: Readonly<Record<string, Shape>> = { listing: { width: 360 }, thumb: { width: 180 } };

/** Largest picture kept in memory while the variants are made: enough for the largest variant. */
const WORKING_SIDE = 2048;

async function encode(source: RawImage, rendition: string, format: StillFormat, shape?: Shape): Promise<StillOutput> {
  let image = sharp(source.data, { raw: source.info });
  if (shape?.height) image = image.resize({ width: shape.width, height: shape.height, fit: 'cover' });
  else if (shape) image = image.resize({ width: shape.width, withoutEnlargement: true });
  const encoded =
    format === 'jpg'
      ? image.jpeg({ quality: 82, progressive: true })
      : format === 'webp'
        ? image.webp({ quality: 78, effort: 2 })
        : image.png({ compressionLevel: 9 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { rendition, format, data, width: info.width, height: info.height };
}

async function placeholderOf(source: RawImage): Promise<string> {
  const { data, info } = await sharp(source.data, { raw: source.info })
    .resize({ width: 100, height: 100, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}

function thumberOutputs(source: RawImage): Promise<StillOutput>[] {
  return Object.entries(THUMBER_SIZES).flatMap(([rendition, shape]) =>
    (['jpg', 'png'] as const).map((format) => encode(source, rendition, format, shape)),
  );
}

/** Every variant of one picture of an image post (5 purposes x 3 sizes x WebP and JPEG, plus peek and mini). */
export async function imageSetStills(path: string, maxPixels: number): Promise<RenderedStills> {
  const source = await sharp(path, { limitInputPixels: maxPixels, failOn: 'error' })
    .rotate()
    .resize({ width: WORKING_SIDE, height: WORKING_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#000000' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sized = Object.entries(IMAGE_VARIANT_SIZES).flatMap(([purpose, sizes]) =>
    Object.entries(sizes).flatMap(([size, shape]) =>
      (['webp', 'jpg'] as const).map((format) => encode(source, `${purpose}-${size}`, format, shape)),
    ),
  );
  const [outputs, placeholder, metadata] = await Promise.all([
    Promise.all([...sized, ...thumberOutputs(source)]),
    placeholderOf(source),
    sharp(path, { limitInputPixels: maxPixels }).metadata(),
  ]);
  const aliases: Record<string, string> = {};
  for (const [plain, sizedName] of Object.entries(PLAIN_NAMES)) {
    for (const format of ['webp', 'jpg']) aliases[`${plain}-${format}`] = `${sizedName}-${format}`;
  }
  const quarterTurn = (metadata.orientation ?? 1) >= 5;
  const width = metadata.width ?? source.info.width;
  const height = metadata.height ?? source.info.height;
  return { outputs, aliases, placeholder, width: quarterTurn ? height : width, height: quarterTurn ? width : height };
}

/** The stills of a video from one of its frames (PNG bytes our own ffmpeg run produced). */
export async function videoStills(frame: Buffer): Promise<RenderedStills> {
  const source = await sharp(frame).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const stills = [
    ...(['webp', 'jpg'] as const).map((format) => encode(source, 'poster', format)),
    ...Object.entries(VIDEO_STILLS).flatMap(([rendition, shape]) =>
      (['webp', 'jpg'] as const).map((format) => encode(source, rendition, format, shape)),
    ),
    ...thumberOutputs(source),
  ];
  const [outputs, placeholder] = await Promise.all([Promise.all(stills), placeholderOf(source)]);
  return { outputs, aliases: {}, placeholder, width: source.info.width, height: source.info.height };
}

/** True for a frame that is nearly black (a fade or a black leader), which makes a poor poster. */
export async function isMostlyBlack(frame: Buffer): Promise<boolean> {
  const { channels } = await sharp(frame).removeAlpha().stats();
  const mean = channels.reduce((sum, channel) => sum + channel.mean, 0) / channels.length;
  return mean < 16;
}
