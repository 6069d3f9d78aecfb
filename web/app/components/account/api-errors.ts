import type { TFunction } from '../../i18n/translate';
import { ApiError } from '../../lib/api';

/** Server error codes (server/src/http/errors.ts) this domain's screens explain in their own words. */
const explained = new Set([
  'invalid_credentials',
  'username_taken',
  'email_taken',
  'invalid_username',
  'invalid_email',
  'weak_password',
  'token_invalid',
  'token_expired',
  'user_banned',
  'user_to_be_deleted',
  'rate_limited',
  'login_required',
  'invalid_input',
  'bot_check_failed',
  'social_login_failed',
  'social_account_in_use',
  'social_not_configured',
  'login_nonce_invalid',
  'login_nonce_expired',
  'login_nonce_used',
  'last_login_method',
  'unsupported_image_format',
  'not_video_or_image',
  'media_too_many_pixels',
  'file_too_large',
  'picture_too_small',
  'upload_timed_out',
]);

/** A translated sentence for a failed call: the code's own message, or a generic one (network, unknown). */
export function errorMessage(t: TFunction, error: unknown): string {
  const translate = t as unknown as (key: string) => string;
  if (error instanceof ApiError && explained.has(error.code)) return translate(`account.errors.${error.code}`);
  if (error instanceof ApiError) return translate('account.errors.generic');
  return translate('account.errors.network');
}

/** The `problem` of a weak_password answer (too_short, too_common...), to say what to change. */
export function isApiError(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.code === code;
}
