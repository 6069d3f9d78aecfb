import { MediaProbeError } from '../probe.ts';
import type { UploadErrorCode } from '../upload-rules.ts';

/**
 * Why a post's processing failed, as a stable code (stored in media_files.error and post_jobs.error, and in
 * the error table): the probe's upload codes for files the tools refuse, or one of these.
 */
export type ProcessingFailureCode =
  | UploadErrorCode
  | 'media_original_missing'
  | 'media_transcode_failed'
  | 'media_transcode_incomplete'
  | 'media_processing_failed';

/** A failure of one processing step; `permanent` ones fail the post at once, others are retried (bounded). */
export class ProcessingFailure extends Error {
  readonly code: ProcessingFailureCode;
  readonly detail: string;
  readonly permanent: boolean;

  constructor(code: ProcessingFailureCode, detail: string, options: { permanent: boolean }) {
    super(`media processing failed: ${code}`);
    this.name = 'ProcessingFailure';
    this.code = code;
    this.detail = detail;
    this.permanent = options.permanent;
  }
}

/** Any error of a step as a ProcessingFailure: the probe's refusals are permanent, anything unexpected is retried. */
export function asFailure(error: unknown): ProcessingFailure {
  if (error instanceof ProcessingFailure) return error;
  if (error instanceof MediaProbeError) return new ProcessingFailure(error.code, error.detail, { permanent: true });
  return new ProcessingFailure('media_processing_failed', error instanceof Error ? error.message : String(error), {
    permanent: false,
  });
}
