import { parseRetryAfter } from './retry-after';
import { apiHeaders } from './session-country';

/** A negative envelope answer: `code` is the server's stable error code (http/errors.ts), translated by callers. */
export class ApiError extends Error {
  readonly code: string;
  readonly statusCode: number;
  /** Seconds until trying again makes sense, from the answer's Retry-After (rate limits, the upload quota). */
  readonly retryAfter: number | undefined;

  constructor(code: string, statusCode: number, message: string, retryAfter?: number) {
    super(message);
    this.code = code;
    this.statusCode = statusCode;
    this.retryAfter = retryAfter;
  }
}

interface ApiOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly body?: unknown;
  readonly signal?: AbortSignal;
}

/** The interface language sent with every call: the document's, which the root loader set. */
function currentLocale(): string {
  return typeof document === 'undefined' ? 'en-US' : document.documentElement.lang || 'en-US';
}

/**
 * A call to the JSON API from the browser with the spec's headers (§7: apiversion, language, country when
 * forced) and the session cookies. Resolves with the envelope's data on statusCode 1 or 2; rejects with an
 * ApiError carrying the error code otherwise, and with the fetch error when the network fails.
 */
export async function api<T extends object = Record<string, unknown>>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const response = await fetch(path, {
    method,
    signal,
    credentials: 'same-origin',
    headers: { ...apiHeaders(currentLocale()), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as { statusCode?: number; error?: string; message?: string };
  if (answer.statusCode === 1 || answer.statusCode === 2) return answer as T;
  throw new ApiError(
    answer.error ?? (response.status === 429 ? 'rate_limited' : 'internal_error'),
    answer.statusCode ?? -99,
    answer.message ?? response.statusText,
    parseRetryAfter(response.headers.get('retry-after')),
  );
}
