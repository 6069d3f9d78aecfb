import type { FastifyError, FastifyInstance } from 'fastify';
import { databaseFailure } from '../db/database-errors.ts';
import { AppError, type ErrorCode, type ErrorDetail, errorEnvelope } from './errors.ts';

/** Fastify's own error codes that are the client's fault, mapped onto the error table. */
const frameworkErrors: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_body',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'malformed_body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported_media_type',
  FST_REQ_FILE_TOO_LARGE: 'body_too_large',
  FST_PARTS_LIMIT: 'body_too_large',
  FST_FILES_LIMIT: 'body_too_large',
  FST_FIELDS_LIMIT: 'body_too_large',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
};

/** The error table's code an error leaves as (`internal_error` for genuine faults). */
export function errorCodeOf(error: FastifyError): ErrorCode {
  return classify(error).code;
}

function classify(error: FastifyError): { code: ErrorCode; details?: ErrorDetail[] } {
  if (error instanceof AppError) return { code: error.code, details: error.details ? [...error.details] : undefined };
  if (error.validation) {
    return {
      code: 'invalid_input',
      details: error.validation.map((issue) => ({
        field: `${error.validationContext ?? 'body'}${issue.instancePath || ''}`,
        problem: issue.message ?? 'invalid',
      })),
    };
  }
  if (error.code && frameworkErrors[error.code]) return { code: frameworkErrors[error.code] as ErrorCode };
  if (error.statusCode === 429) return { code: 'rate_limited' };
  const database = databaseFailure(error);
  if (database) return { code: database };
  if (storageFull(error)) return { code: 'storage_full' };
  // Any other 4xx raised by a plugin is still the client's doing; only genuine faults become internal_error.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return { code: 'invalid_input' };
  return { code: 'internal_error' };
}

/** The disk refused a write for want of room (ENOSPC, EDQUOT), or an S3 server said it is full (MinIO's name). */
function storageFull(error: FastifyError): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ENOSPC' || code === 'EDQUOT' || error.name === 'XMinioStorageFull';
}

/** Every error leaves as the spec's envelope; stack traces only ever go to the log. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { code, details } = classify(error);
    if (code === 'internal_error') request.log.error({ err: error }, 'unhandled error');
    else if (code === 'database_unavailable' || code === 'database_timeout')
      request.log.warn({ code, reason: error.message }, 'database failed');
    else request.log.info({ code, reason: error.message }, 'request rejected');
    if (error instanceof AppError && error.headers) reply.headers(error.headers);
    const { http, body } = errorEnvelope(code, details);
    return reply.status(http).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const { http, body } = errorEnvelope('route_not_found');
    request.log.info({ url: request.url }, 'no route');
    return reply.status(http).send(body);
  });
}
