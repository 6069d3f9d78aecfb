import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { uploadToken } from './upload-token';

/** Why uploading is refused for now, and in how many seconds (from Retry-After) it may work again. */
export interface UploadRefusal {
  readonly code: string;
  readonly retryAfter: number | undefined;
}

const REFUSALS_TOLD_EARLY = new Set(['upload_quota_exceeded', 'rate_limited', 'too_many_uploads_at_once']);

/**
 * Asks for an upload token as the composer opens (issue 19): a spent day or a rate limit is told before the
 * form is filled in, with the time to come back. Other failures say nothing here; sending tells them.
 */
export function useUploadAllowance(enabled: boolean): UploadRefusal | undefined {
  const [refusal, setRefusal] = useState<UploadRefusal>();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    uploadToken(controller.signal).then(
      () => setRefusal(undefined),
      (error: unknown) => {
        if (error instanceof ApiError && REFUSALS_TOLD_EARLY.has(error.code)) {
          setRefusal({ code: error.code, retryAfter: error.retryAfter });
        }
      },
    );
    return () => controller.abort();
  }, [enabled]);
  return refusal;
}
