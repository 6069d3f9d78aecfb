import type { MessageKey } from '../../i18n/config';
import { uploadMessageKey } from './upload-messages';

/** Codes an import can end with (scraper/README.md) that are not upload codes. */
const IMPORT_CODES = new Set([
  'scraper_invalid_url',
  'scraper_address_refused',
  'scraper_too_many_jobs',
  'scraper_fetch_failed',
  'scraper_too_large',
  'scraper_timed_out',
  'scraper_no_media',
  'scraper_too_many_redirects',
]);

/** The message for an import's failure: its own wording for the download's codes, the upload's for the rest. */
export function importMessageKey(code: string): MessageKey {
  return IMPORT_CODES.has(code) ? (`imports.errors.${code}` as MessageKey) : uploadMessageKey(code);
}
