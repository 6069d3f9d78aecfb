import { uploadPurpose } from '../../../../server/src/media/upload-rules.ts';
import { parseRetryAfter } from '../../lib/retry-after';
import { apiHeaders } from '../../lib/session-country';

/** What the person chose and typed, as upload-preprocess takes it (text fields first, then the files). */
export interface UploadFields {
  readonly upToken: string;
  readonly title: string;
  readonly tags: readonly string[];
  /** The orientation the post is for (spec §1 values). */
  readonly lgbt: number;
  /** Several clips joined in the order given. */
  readonly joinClips: boolean;
  /** Kept as a draft when processed instead of going public (the studio publishes or schedules it). */
  readonly draft?: boolean;
  /** Recorded with the camera on this page. */
  readonly recorded: boolean;
  readonly device: 'mobile' | 'desktop';
}

export interface UploadedPost {
  readonly postId: number;
  readonly media: ReadonlyArray<{ readonly id: number; readonly name: string; readonly kind: string }>;
  readonly warnings: readonly string[];
}

export type UploadOutcome =
  | { readonly ok: true; readonly post: UploadedPost }
  /** `retryAfter`: seconds from the answer's Retry-After, when it said when to try again. */
  | { readonly ok: false; readonly code: string; readonly retryAfter?: number };

/**
 * The multipart body. Text fields come before the files so the server knows the purpose, token and
 * options before the first byte of media streams in; tags travel space separated, without '#'.
 */
export function buildUploadForm(fields: UploadFields, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('purpose', uploadPurpose(files.length));
  form.append('upToken', fields.upToken);
  form.append('title', fields.title.trim());
  form.append('tags', fields.tags.map((tag) => tag.replace(/^#+/, '')).join(' '));
  form.append('lgbt', String(fields.lgbt));
  if (fields.joinClips) form.append('clips', '1');
  if (fields.draft) form.append('draft', '1');
  if (fields.recorded) form.append('recorded', '1');
  form.append('device', fields.device);
  for (const file of files) form.append('file', file, file.name);
  return form;
}

/** Reads upload-preprocess's envelope; anything that is not one (a proxy's error page) is a generic failure. */
export function readUploadAnswer(httpStatus: number, body: string, retryAfterHeader?: string | null): UploadOutcome {
  const retryAfter = parseRetryAfter(retryAfterHeader);
  const failed = (code: string): UploadOutcome =>
    retryAfter === undefined ? { ok: false, code } : { ok: false, code, retryAfter };
  let answer: { statusCode?: unknown; postId?: unknown; media?: unknown; warnings?: unknown; code?: unknown; error?: unknown };
  try {
    answer = JSON.parse(body);
  } catch {
    return failed(httpStatus === 413 ? 'file_too_large' : httpStatus === 429 ? 'rate_limited' : 'generic');
  }
  if (answer.statusCode === 1 && typeof answer.postId === 'number') {
    return {
      ok: true,
      post: {
        postId: answer.postId,
        media: Array.isArray(answer.media) ? answer.media : [],
        warnings: Array.isArray(answer.warnings) ? answer.warnings.filter((warning) => typeof warning === 'string') : [],
      },
    };
  }
  const code = typeof answer.code === 'string' ? answer.code : typeof answer.error === 'string' ? answer.error : 'generic';
  return failed(code);
}

/** Upload progress in whole percent, 0–100, from the bytes the browser has sent. */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

export interface UploadRequest {
  readonly uploadUrl: string;
  readonly form: FormData;
  readonly locale: string;
  readonly onProgress: (percent: number) => void;
  readonly signal: AbortSignal;
}

/**
 * POST {uploadUrl}/upload-preprocess through XMLHttpRequest, which (unlike fetch) reports upload progress.
 * No time-out: a long video on a slow line takes as long as it takes. The session rides on the cookies,
 * with the headers every API call carries; an abort rejects with the signal's reason.
 */
export function sendUpload({ uploadUrl, form, locale, onProgress, signal }: UploadRequest): Promise<UploadOutcome> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', `${uploadUrl.replace(/\/$/, '')}/upload-preprocess`);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(apiHeaders(locale))) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(uploadPercent(event.loaded, event.total));
    };
    request.upload.onload = () => onProgress(100);
    const abort = () => request.abort();
    signal.addEventListener('abort', abort, { once: true });
    request.onload = () => {
      signal.removeEventListener('abort', abort);
      resolve(readUploadAnswer(request.status, request.responseText, request.getResponseHeader('retry-after')));
    };
    request.onerror = () => {
      signal.removeEventListener('abort', abort);
      resolve({ ok: false, code: 'network' });
    };
    request.onabort = () => reject(signal.reason);
    request.send(form);
  });
}
