/**
 * The upload rules of SPEC §5 and §9, shared by the server and the browser: pure, with no Node or server
 * imports, so the web app can check a choice of files before sending them.
 *
 * Codes named by the spec (§8): multiple_videos, mixed_media, not_video_or_image, not_video,
 * wrongMediaForDevice, tooSmall, tooShort, no_image_in_ratio_range, some_images_out_of_ratio_range.
 * Codes of our own design (the spec lists none for these cases): no_files, images_not_allowed,
 * too_few_images, too_many_images, file_too_large, video_too_long, unsupported_image_format (GIF, HEIC),
 * media_too_many_pixels (declared frame beyond the decoding limit).
 */

export const UPLOAD_ERROR_CODES = [
  'no_files',
  'multiple_videos',
  'mixed_media',
  'not_video_or_image',
  'not_video',
  'images_not_allowed',
  'wrongMediaForDevice',
  'tooSmall',
  'tooShort',
  'video_too_long',
  'file_too_large',
  'too_few_images',
  'too_many_images',
  'no_image_in_ratio_range',
  'unsupported_image_format',
  'media_too_many_pixels',
] as const;
export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[number];
export type UploadWarningCode = 'some_images_out_of_ratio_range';

export const VIDEO_MIN_WIDTH = 480;
export const VIDEO_MIN_HEIGHT = 718;
export const VIDEO_MIN_SECONDS = 2;
export const IMAGE_MIN_SIDE = 700;
export const IMAGE_MIN_RATIO = 0.4;
export const IMAGE_MAX_RATIO = 2.5;
export const IMAGES_MIN_PER_POST = 2;
/** Account types allowed to post images (iCanUploadImages): 2, 3 verified, 5 partner, 6 channel. */
export const IMAGE_UPLOADER_TYPES: readonly number[] = [2, 3, 5, 6];

/** One chosen file after sniffing and probing. Sizes are as displayed, i.e. after rotation or EXIF orientation. */
export type ProbedMedia =
  | {
      readonly kind: 'video';
      readonly bytes: number;
      /** False when the file has no video stream or its first frame cannot be decoded. */
      readonly decodable: boolean;
      readonly width: number;
      readonly height: number;
      readonly durationSeconds: number;
    }
  | { readonly kind: 'image'; readonly bytes: number; readonly width: number; readonly height: number }
  /** Refused before or while probing, with the code that says why. */
  | { readonly kind: 'rejected'; readonly code: UploadErrorCode };

export interface UploadLimits {
  readonly maxVideoBytes: number;
  readonly maxVideoSeconds: number;
  readonly maxImageBytes: number;
  readonly maxImagesPerPost: number;
}

export interface UploadChoice {
  readonly files: readonly ProbedMedia[];
  readonly userType: number;
  /** Several clips joined into one video; each file must then be a video. */
  readonly concat?: boolean;
  readonly limits: UploadLimits;
}

export interface UploadVerdict {
  readonly errors: UploadErrorCode[];
  readonly warnings: UploadWarningCode[];
}

export const canUploadImages = (userType: number) => IMAGE_UPLOADER_TYPES.includes(userType);

/** The upload purpose the spec names: post-multi for several files, else post. */
export const uploadPurpose = (fileCount: number) => (fileCount > 1 ? 'post-multi' : 'post');

export function imageInRatioRange(width: number, height: number): boolean {
  if (width < IMAGE_MIN_SIDE || height < IMAGE_MIN_SIDE) return false;
  const ratio = width / height;
  return ratio > IMAGE_MIN_RATIO && ratio < IMAGE_MAX_RATIO;
}

type Video = Extract<ProbedMedia, { kind: 'video' }>;
type Image = Extract<ProbedMedia, { kind: 'image' }>;

function checkVideos(videos: readonly Video[], concat: boolean, limits: UploadLimits): UploadErrorCode[] {
  if (videos.length > 1 && !concat) return ['multiple_videos'];
  if (videos.some((video) => !video.decodable)) return ['wrongMediaForDevice'];
  const errors: UploadErrorCode[] = [];
  if (videos.some((video) => video.bytes > limits.maxVideoBytes)) errors.push('file_too_large');
  if (videos.some((video) => video.width < VIDEO_MIN_WIDTH || video.height < VIDEO_MIN_HEIGHT)) errors.push('tooSmall');
  // A joined video is judged by its total length.
  const seconds = videos.reduce((total, video) => total + video.durationSeconds, 0);
  if (seconds < VIDEO_MIN_SECONDS) errors.push('tooShort');
  if (seconds > limits.maxVideoSeconds) errors.push('video_too_long');
  return errors;
}

function checkImages(images: readonly Image[], userType: number, limits: UploadLimits): UploadVerdict {
  if (!canUploadImages(userType)) return { errors: ['images_not_allowed'], warnings: [] };
  const errors: UploadErrorCode[] = [];
  if (images.length < IMAGES_MIN_PER_POST) errors.push('too_few_images');
  if (images.length > limits.maxImagesPerPost) errors.push('too_many_images');
  if (images.some((image) => image.bytes > limits.maxImageBytes)) errors.push('file_too_large');
  const passing = images.filter((image) => imageInRatioRange(image.width, image.height)).length;
  if (passing === 0) errors.push('no_image_in_ratio_range');
  const warnings: UploadWarningCode[] = passing > 0 && passing < images.length ? ['some_images_out_of_ratio_range'] : [];
  return { errors, warnings };
}

/** Judges a choice of files: errors block the upload, warnings only inform. */
export function checkUpload({ files, userType, concat = false, limits }: UploadChoice): UploadVerdict {
  if (files.length === 0) return { errors: ['no_files'], warnings: [] };
  const refused = [...new Set(files.flatMap((file) => (file.kind === 'rejected' ? [file.code] : [])))];
  if (refused.length > 0) return { errors: refused, warnings: [] };

  const videos = files.filter((file): file is Video => file.kind === 'video');
  const images = files.filter((file): file is Image => file.kind === 'image');
  if (concat && images.length > 0) return { errors: ['not_video'], warnings: [] };
  if (videos.length > 0 && images.length > 0) return { errors: ['mixed_media'], warnings: [] };
  if (videos.length > 0) return { errors: checkVideos(videos, concat, limits), warnings: [] };
  return checkImages(images, userType, limits);
}
