import type { TFunction } from '../../i18n/translate';
import { ApiError } from '../../lib/api';

/** Server error codes (server/src/http/errors.ts) the verification screens explain in their own words. */
const explained = new Set([
  'verification_required',
  'identity_underage',
  'identity_banned',
  'identity_pending',
  'identity_image_invalid',
  'identity_image_too_large',
  'identity_decided',
  'already_verified',
  'invalid_input',
  'rate_limited',
]);

export function identityErrorMessage(t: TFunction, error: unknown): string {
  const translate = t as unknown as (key: string) => string;
  if (error instanceof ApiError && explained.has(error.code)) return translate(`identity.errors.${error.code}`);
  return translate('identity.errors.generic');
}
