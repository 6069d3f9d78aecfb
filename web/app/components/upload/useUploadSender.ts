import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { checkVideoBeforeUpload } from '../../lib/sixpack';
import { withinTimeLimit } from '../../lib/time-limit';
import { buildUploadForm, sendUpload, type UploadedPost, type UploadFields } from './upload-request';
import { uploadToken } from './upload-token';

export type SendState =
  | { readonly step: 'idle' }
  /** Asking whether the video is one of the user's own posts already. */
  | { readonly step: 'checking' }
  | { readonly step: 'uploading'; readonly percent: number }
  | { readonly step: 'sent'; readonly post: UploadedPost }
  | { readonly step: 'duplicate'; readonly postId: number | null }
  | { readonly step: 'failed'; readonly code: string; readonly retryAfter?: number };

export interface SendOptions {
  readonly files: readonly File[];
  readonly fields: Omit<UploadFields, 'upToken'>;
  /** The one video of a single-video post, for the duplicate check before anything is sent. */
  readonly singleVideo: File | undefined;
  readonly locale: string;
}

const isAbort = (error: unknown, signal: AbortSignal) =>
  signal.aborted || (error instanceof DOMException && error.name === 'AbortError');

/**
 * The longest the duplicate check may hold up sending. It decodes six frames in the browser, which on a
 * slow or busy device (or a codec the browser decodes in software) can stall; it is a courtesy, so past
 * this the upload goes ahead and the worker's check after upload decides.
 */
const DUPLICATE_CHECK_LIMIT_MS = 12_000;

async function duplicateOf(video: File, signal: AbortSignal): Promise<{ postId: number | null } | undefined> {
  try {
    const verdict = await withinTimeLimit(DUPLICATE_CHECK_LIMIT_MS, (limited) => checkVideoBeforeUpload(video, limited), signal);
    return verdict?.duplicate ? { postId: verdict.postId } : undefined;
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    return undefined;
  }
}

/**
 * Sends a composed post: duplicate check for a single video, an upload token, then the multipart upload
 * with progress 0–100. `cancel` aborts whatever step is running and returns to composing.
 */
export function useUploadSender() {
  const [state, setState] = useState<SendState>({ step: 'idle' });
  const controller = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => controller.current?.abort(), []);

  const send = useCallback(async ({ files, fields, singleVideo, locale }: SendOptions) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const { signal } = current;
    try {
      if (singleVideo) {
        setState({ step: 'checking' });
        const duplicate = await duplicateOf(singleVideo, signal);
        if (duplicate) {
          setState({ step: 'duplicate', postId: duplicate.postId });
          return;
        }
      }
      setState({ step: 'uploading', percent: 0 });
      const token = await uploadToken(signal);
      const form = buildUploadForm({ ...fields, upToken: token.upToken }, files);
      const onProgress = (percent: number) => {
        if (!signal.aborted) setState({ step: 'uploading', percent });
      };
      const outcome = await sendUpload({ uploadUrl: token.uploadUrl, form, locale, onProgress, signal });
      if (signal.aborted) return;
      setState(
        outcome.ok
          ? { step: 'sent', post: outcome.post }
          : { step: 'failed', code: outcome.code, retryAfter: outcome.retryAfter },
      );
    } catch (error) {
      if (isAbort(error, signal)) return;
      setState(
        error instanceof ApiError
          ? { step: 'failed', code: error.code, retryAfter: error.retryAfter }
          : { step: 'failed', code: 'network' },
      );
    }
  }, []);

  /** Stops the running step; true when there was one to stop. */
  const cancel = useCallback((): boolean => {
    const running = controller.current && !controller.current.signal.aborted;
    controller.current?.abort();
    setState({ step: 'idle' });
    return Boolean(running);
  }, []);

  const reset = useCallback(() => setState({ step: 'idle' }), []);

  return { state, send, cancel, reset };
}
