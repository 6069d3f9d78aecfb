import type { MessageKey } from '../../i18n/translate';
import { ApiError } from '../../lib/api';

const explained = new Set(['schedule_too_soon', 'schedule_too_far', 'schedule_limit_reached', 'post_not_schedulable']);

/** The studio's words for a failed call: its own error codes (server/src/http/errors.ts -260..-269), else a generic line. */
export function studioErrorKey(error: unknown): MessageKey {
  if (error instanceof ApiError && explained.has(error.code)) return `studio.errors.${error.code}` as MessageKey;
  return 'studio.errors.generic';
}
