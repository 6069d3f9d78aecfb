import { UPLOAD_ERROR_CODES, type UploadErrorCode } from '../../../../server/src/media/upload-rules.ts';
import type { MessageKey } from '../../i18n/config';

/** Codes the upload call adds to the rules' own (upload token, clip count, quota, rate limit, session). */
export const UPLOAD_CALL_CODES = [
  'uptoken_invalid',
  'too_many_clips',
  'upload_quota_exceeded',
  'too_many_uploads_at_once',
  'rate_limited',
  'login_required',
  'network',
  'generic',
] as const;
export type UploadCallCode = (typeof UPLOAD_CALL_CODES)[number];
export type UploadMessageCode = UploadErrorCode | UploadCallCode;

const knownCodes: ReadonlySet<string> = new Set([...UPLOAD_ERROR_CODES, ...UPLOAD_CALL_CODES]);

/** A code from the rules, the server or the transport, as the one the screen has a message for. */
export function uploadMessageCode(code: string): UploadMessageCode {
  if (knownCodes.has(code)) return code as UploadMessageCode;
  if (code === 'body_too_large') return 'file_too_large';
  if (code === 'user_banned' || code === 'user_to_be_deleted' || code === 'csrf_rejected') return 'login_required';
  return 'generic';
}

/**
 * The message shown for a code: the same whether the browser found the problem before sending or the server
 * answered it, so a person reads one wording per problem.
 */
export function uploadMessageKey(code: string): MessageKey {
  return `upload.errors.${uploadMessageCode(code)}` as MessageKey;
}
