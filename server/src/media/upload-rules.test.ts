import { describe, expect, test } from 'vitest';
import { errorTable } from '../http/errors.ts';
import {
  canUploadImages,
  checkUpload,
  imageInRatioRange,
  type ProbedMedia,
  UPLOAD_ERROR_CODES,
  type UploadLimits,
  uploadPurpose,
} from './upload-rules.ts';

const limits: UploadLimits = { maxVideoBytes: 1_000_000, maxVideoSeconds: 600, maxImageBytes: 500_000, maxImagesPerPost: 20 };
const video = (overrides: Partial<Extract<ProbedMedia, { kind: 'video' }>> = {}): ProbedMedia => ({
  kind: 'video',
  bytes: 1000,
  decodable: true,
  width: 480,
  height: 718,
  durationSeconds: 2,
  ...overrides,
});
const image = (width = 1000, height = 1000, bytes = 1000): ProbedMedia => ({ kind: 'image', bytes, width, height });
const check = (files: ProbedMedia[], options: { userType?: number; concat?: boolean } = {}) =>
  checkUpload({ files, userType: options.userType ?? 3, concat: options.concat, limits });

describe('videos', () => {
  test('480x718 and exactly 2.0 s pass', () => {
    expect(check([video()])).toEqual({ errors: [], warnings: [] });
  });
  test.each([
    [479, 718],
    [480, 717],
    [718, 480],
  ])('%ix%i is tooSmall', (width, height) => {
    expect(check([video({ width, height })]).errors).toEqual(['tooSmall']);
  });
  test('1.9 s is tooShort, and both problems are reported together', () => {
    expect(check([video({ durationSeconds: 1.9 })]).errors).toEqual(['tooShort']);
    expect(check([video({ durationSeconds: 1.9, width: 100 })]).errors).toEqual(['tooSmall', 'tooShort']);
  });
  test('a video that does not load is wrongMediaForDevice, whatever else it declares', () => {
    expect(check([video({ decodable: false, width: 0, durationSeconds: 0 })]).errors).toEqual(['wrongMediaForDevice']);
  });
  test('size and length limits come from the configuration', () => {
    expect(check([video({ bytes: 1_000_001 })]).errors).toEqual(['file_too_large']);
    expect(check([video({ bytes: 1_000_000, durationSeconds: 600 })]).errors).toEqual([]);
    expect(check([video({ durationSeconds: 600.5 })]).errors).toEqual(['video_too_long']);
  });
  test('two videos are multiple_videos unless they are joined', () => {
    expect(check([video(), video()]).errors).toEqual(['multiple_videos']);
    expect(check([video({ durationSeconds: 1 }), video({ durationSeconds: 1 })], { concat: true }).errors).toEqual([]);
  });
  test('joined clips are judged by their total length and each clip by its size', () => {
    expect(check([video({ durationSeconds: 0.9 }), video({ durationSeconds: 1 })], { concat: true }).errors).toEqual([
      'tooShort',
    ]);
    expect(check([video(), video({ height: 600 })], { concat: true }).errors).toEqual(['tooSmall']);
    expect(check([video({ durationSeconds: 300 }), video({ durationSeconds: 301 })], { concat: true }).errors).toEqual([
      'video_too_long',
    ]);
  });
  test('any user type may post a video', () => {
    expect(check([video()], { userType: 1 }).errors).toEqual([]);
  });
});

describe('images', () => {
  test('ratio strictly between 0.4 and 2.5 with both sides at least 700', () => {
    expect(imageInRatioRange(700, 700)).toBe(true);
    expect(imageInRatioRange(699, 1000)).toBe(false);
    expect(imageInRatioRange(1000, 699)).toBe(false);
    expect(imageInRatioRange(800, 2000)).toBe(false); // exactly 0.4
    expect(imageInRatioRange(820, 2000)).toBe(true); // 0.41
    expect(imageInRatioRange(2500, 1000)).toBe(false); // exactly 2.5
    expect(imageInRatioRange(2490, 1000)).toBe(true);
  });
  test('all in range pass; some out of range warn; none in range is an error', () => {
    expect(check([image(), image(820, 2000)])).toEqual({ errors: [], warnings: [] });
    expect(check([image(), image(800, 2000)])).toEqual({ errors: [], warnings: ['some_images_out_of_ratio_range'] });
    expect(check([image(699, 1000), image(800, 2000)])).toEqual({ errors: ['no_image_in_ratio_range'], warnings: [] });
  });
  test('an image post holds 2 to maxImagesPerPost images', () => {
    expect(check([image()]).errors).toEqual(['too_few_images']);
    expect(check(Array.from({ length: 20 }, () => image())).errors).toEqual([]);
    expect(check(Array.from({ length: 21 }, () => image())).errors).toEqual(['too_many_images']);
    expect(
      checkUpload({ files: [image(), image(), image()], userType: 3, limits: { ...limits, maxImagesPerPost: 2 } }).errors,
    ).toEqual(['too_many_images']);
  });
  test('images over maxImageBytes are file_too_large', () => {
    expect(check([image(), image(1000, 1000, 500_001)]).errors).toEqual(['file_too_large']);
  });
  test.each([2, 3, 5, 6])('user type %i may post images', (userType) => {
    expect(canUploadImages(userType)).toBe(true);
    expect(check([image(), image()], { userType }).errors).toEqual([]);
  });
  test.each([0, 1, 4, 7])('user type %i may not post images', (userType) => {
    expect(canUploadImages(userType)).toBe(false);
    expect(check([image(), image()], { userType }).errors).toEqual(['images_not_allowed']);
  });
});

describe('choice of files', () => {
  test('nothing chosen is no_files', () => {
    expect(check([]).errors).toEqual(['no_files']);
  });
  test('video with images is mixed_media; images in a join are not_video', () => {
    expect(check([video(), image()]).errors).toEqual(['mixed_media']);
    expect(check([video(), image()], { concat: true }).errors).toEqual(['not_video']);
    expect(check([image(), image()], { concat: true }).errors).toEqual(['not_video']);
  });
  test('files refused while sniffing or probing answer with their own codes, once each', () => {
    const files: ProbedMedia[] = [
      { kind: 'rejected', code: 'not_video_or_image' },
      video(),
      { kind: 'rejected', code: 'not_video_or_image' },
      { kind: 'rejected', code: 'media_too_many_pixels' },
    ];
    expect(check(files)).toEqual({ errors: ['not_video_or_image', 'media_too_many_pixels'], warnings: [] });
  });
  test('purpose is post-multi for several files', () => {
    expect(uploadPurpose(1)).toBe('post');
    expect(uploadPurpose(3)).toBe('post-multi');
  });
  test('every code is in the error table', () => {
    for (const code of UPLOAD_ERROR_CODES) expect(errorTable).toHaveProperty(code);
  });
});
