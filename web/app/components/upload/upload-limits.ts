import type { UploadLimits } from '../../../../server/src/media/upload-rules.ts';

/**
 * The server's default upload limits (config MAX_VIDEO_BYTES, MAX_VIDEO_SECONDS, MAX_IMAGE_BYTES,
 * MAX_IMAGES_PER_POST: 2 GB, 10 minutes, 30 MB, 20 images). The browser checks against these so an obvious
 * misfit is answered before sending; a server configured otherwise still has the last word, and its code
 * shows the same message.
 */
export const uploadLimits: UploadLimits = {
  maxVideoBytes: 2_147_483_648,
  maxVideoSeconds: 600,
  maxImageBytes: 31_457_280,
  maxImagesPerPost: 20,
};
