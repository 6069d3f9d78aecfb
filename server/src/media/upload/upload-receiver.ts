import type { Readable } from 'node:stream';
import { AppError } from '../../http/errors.ts';
import type { UploadLimits } from '../upload-rules.ts';
import type { ScratchFile, UploadScratch } from './upload-scratch.ts';

/** One multipart part, whatever the transport: a text field, or a file's bytes (name and declared type are ignored). */
export type UploadPart =
  | { readonly type: 'field'; readonly name: string; readonly value: string }
  | { readonly type: 'file'; readonly stream: Readable };

export interface ReceivedUpload {
  readonly fields: ReadonlyMap<string, string>;
  readonly files: readonly ScratchFile[];
}

/**
 * Called once, when the first file arrives and before any of its bytes are read; answers how many bytes
 * the upload may receive in all (its quota allowance).
 */
export type BeforeFirstFile = (fields: ReadonlyMap<string, string>) => Promise<number>;

/**
 * The code checkUpload (upload-rules.ts) would give the files received so far, for the problems that show
 * from their sniffed kinds alone: the upload stops there rather than storing files that cannot pass.
 */
function earlyRefusal(files: readonly ScratchFile[], clips: boolean): AppError | undefined {
  const videos = files.filter((file) => file.sniffed.kind === 'video').length;
  const images = files.length - videos;
  if (clips && images > 0) return new AppError('not_video');
  if (videos > 0 && images > 0) return new AppError('mixed_media');
  if (!clips && videos > 1) return new AppError('multiple_videos');
  return undefined;
}

/**
 * Reads an upload's parts in order: fields into a map, files into the scratch folder one at a time in
 * constant memory. Stops at the first file that cannot be part of the post: refused by its first bytes,
 * over its size limit (the video limit counts all clips together), past the upload's quota allowance, or
 * one file too many.
 */
export async function receiveUpload(
  parts: AsyncIterable<UploadPart>,
  scratch: UploadScratch,
  limits: UploadLimits,
  beforeFirstFile: BeforeFirstFile,
): Promise<ReceivedUpload> {
  const fields = new Map<string, string>();
  const files: ScratchFile[] = [];
  let videoBytes = 0;
  let receivedBytes = 0;
  let allowance = 0;
  for await (const part of parts) {
    if (part.type === 'field') {
      if (fields.has(part.name)) {
        throw new AppError('invalid_input', { details: [{ field: `body/${part.name}`, problem: 'sent more than once' }] });
      }
      fields.set(part.name, part.value);
      continue;
    }
    if (files.length === 0) allowance = await beforeFirstFile(fields);
    const clips = fields.get('clips') === '1';
    if (files.length >= limits.maxImagesPerPost) throw new AppError(clips ? 'too_many_clips' : 'too_many_images');
    const file = await scratch.receive(part.stream, {
      video: limits.maxVideoBytes - videoBytes,
      image: limits.maxImageBytes,
      quota: allowance - receivedBytes,
    });
    receivedBytes += file.bytes;
    if (file.sniffed.kind === 'video') videoBytes += file.bytes;
    files.push(file);
    const refusal = earlyRefusal(files, clips);
    if (refusal) throw refusal;
  }
  return { fields, files };
}
