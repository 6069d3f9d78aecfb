/**
 * The one error table. An error code is a stable string clients switch on (and translate through the
 * locale files); `statusCode` is the spec's negative envelope code; `http` is set only for failures
 * at the transport level, where a real HTTP status helps proxies and clients (see ARCHITECTURE.md).
 */
export const errorTable = {
  restricted_query: { statusCode: -2, message: 'This search is restricted' },
  user_banned: { statusCode: -3, message: 'This account is banned' },
  user_to_be_deleted: { statusCode: -4, message: 'This account is scheduled for deletion' },
  invalid_input: { statusCode: -10, message: 'The request is not valid', http: 400 },
  login_required: { statusCode: -11, message: 'Log in to do this' },
  forbidden: { statusCode: -12, message: 'You are not allowed to do this' },
  not_found: { statusCode: -13, message: 'Not found' },
  conflict: { statusCode: -14, message: 'This conflicts with the current state' },
  csrf_rejected: { statusCode: -15, message: 'Cross-site request rejected', http: 403 },
  route_not_found: { statusCode: -16, message: 'No such endpoint', http: 404 },
  malformed_body: { statusCode: -17, message: 'The request body could not be parsed', http: 400 },
  body_too_large: { statusCode: -18, message: 'The request body is too large', http: 413 },
  unsupported_media_type: { statusCode: -19, message: 'Unsupported content type', http: 415 },
  rate_limited: { statusCode: -20, message: 'Too many requests, try again later', http: 429 },
  service_unavailable: { statusCode: -21, message: 'The service is not ready', http: 503 },
  invalid_credentials: { statusCode: -30, message: 'Wrong username, e-mail or password' },
  username_taken: { statusCode: -31, message: 'This username is taken' },
  email_taken: { statusCode: -32, message: 'This e-mail address is already registered' },
  invalid_username: { statusCode: -33, message: 'This username is not allowed' },
  invalid_email: { statusCode: -34, message: 'This e-mail address is not valid' },
  weak_password: { statusCode: -35, message: 'Choose a stronger password' },
  token_invalid: { statusCode: -36, message: 'This link or token is not valid' },
  token_expired: { statusCode: -37, message: 'This link or token has expired' },
  internal_error: { statusCode: -99, message: 'Something went wrong on our side', http: 500 },
} as const satisfies Record<string, { statusCode: number; message: string; http?: number }>;

export type ErrorCode = keyof typeof errorTable;

export interface ErrorDetail {
  readonly field?: string;
  readonly problem: string;
}

/** Thrown by services; turned into the envelope in one place (`error-handler.ts`). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: readonly ErrorDetail[] | undefined;
  readonly headers: Readonly<Record<string, string>> | undefined;

  constructor(code: ErrorCode, options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {}) {
    super(errorTable[code].message);
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.headers = options.headers;
  }
}

export interface ErrorEnvelope {
  statusCode: number;
  error: ErrorCode;
  message: string;
  details?: readonly ErrorDetail[];
}

export function errorEnvelope(code: ErrorCode, details?: readonly ErrorDetail[]): { http: number; body: ErrorEnvelope } {
  const entry = errorTable[code];
  const body: ErrorEnvelope = { statusCode: entry.statusCode, error: code, message: entry.message };
  if (details?.length) body.details = details;
  return { http: 'http' in entry ? entry.http : 200, body };
}
