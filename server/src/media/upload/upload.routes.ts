import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionUserId } from '../../accounts/auth.plugin.ts';
import { envelope, OK_ACTION } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { UploadLimits } from '../upload-rules.ts';
import type { PipelineHealth } from './pipeline-health.ts';
import type { UploadService } from './upload.service.ts';
import type { UploadPart } from './upload-receiver.ts';
import type { UploadTokenService } from './upload-tokens.service.ts';

/** Uploads a user may start per hour, whatever their outcome. */
const UPLOADS_PER_HOUR = 60;
const perUser = (name: string, max: number, timeWindow: number) => ({
  rateLimit: {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.session.userId ?? request.ip}`,
  },
});

/** Multipart errors of @fastify/multipart and busboy, in the error table's words. */
function multipartError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('unsupported_media_type');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT')
    return new AppError('body_too_large');
  if (code === 'FST_PROTO_VIOLATION') return new AppError('invalid_input');
  return new AppError('malformed_body');
}

/**
 * The request's multipart parts as the upload service reads them. Fields are plain text; every file must
 * be named `file`; a file stream the service stopped reading is destroyed, so the rest of the body is never read.
 */
async function* uploadParts(request: FastifyRequest, limits: UploadLimits): AsyncGenerator<UploadPart> {
  let current: Readable | undefined;
  const parts = request.parts({
    limits: {
      // The service refuses a file at its own, smaller limit first; this only bounds what busboy passes on.
      fileSize: Math.max(limits.maxVideoBytes, limits.maxImageBytes) + 1,
      files: limits.maxImagesPerPost + 1,
      fields: 20,
      fieldSize: 8192,
      fieldNameSize: 100,
      parts: limits.maxImagesPerPost + 21,
      headerPairs: 20,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated || typeof part.value !== 'string') {
          throw new AppError('invalid_input', { details: [{ field: `body/${part.fieldname}`, problem: 'not a short text' }] });
        }
        yield { type: 'field', name: part.fieldname, value: part.value };
        continue;
      }
      current = part.file;
      if (part.fieldname !== 'file') {
        throw new AppError('invalid_input', { details: [{ field: `body/${part.fieldname}`, problem: 'files go in `file`' }] });
      }
      yield { type: 'file', stream: part.file };
    }
  } catch (error) {
    throw multipartError(error);
  } finally {
    if (current && !current.readableEnded) current.destroy();
  }
}

export interface UploadRoutesOptions {
  readonly uploads: UploadService;
  readonly tokens: UploadTokenService;
  readonly health: PipelineHealth;
  readonly limits: UploadLimits;
}

/**
 * SPEC §7: `/api/media/uptoken` (GET a token, PUT a new one, DELETE them all), `POST /media-api/upload-preprocess`
 * (multipart, Bearer token or the session cookie, no time-out) and `GET /media-api/mcp-alive`. Multipart
 * parsing is registered inside this plugin only, with per-file limits; no body limit of the app is raised.
 */
export default async function uploadRoutes(app: FastifyInstance, { uploads, tokens, health, limits }: UploadRoutesOptions) {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const tokenLimit = perUser('uptoken', 30, 60_000);

  // Issues a token, so it is refused cross-site although the spec makes it a GET.
  // The composer asks for a token as it opens, so a spent day is told (with Retry-After) before a form is filled in.
  app.get(
    '/api/media/uptoken',
    { preHandler: app.requireUser, config: { ...tokenLimit, changesState: true } },
    async (request) => {
      await uploads.assertRoom(sessionUserId(request));
      return envelope(await tokens.issue(sessionUserId(request)));
    },
  );
  app.put('/api/media/uptoken', { preHandler: app.requireUser, config: tokenLimit }, async (request) =>
    envelope(await tokens.renew(sessionUserId(request))),
  );
  app.delete('/api/media/uptoken', { preHandler: app.requireUser, config: tokenLimit }, async (request) => {
    await tokens.revoke(sessionUserId(request));
    return envelope({}, OK_ACTION);
  });

  app.post(
    '/media-api/upload-preprocess',
    {
      preHandler: app.requireUser,
      config: perUser('upload', UPLOADS_PER_HOUR, 60 * 60_000),
      // An answer sent before the body was read to its end (a refused file) closes the connection, so the
      // rest of a large upload is not read and thrown away.
      onSend: async (request, reply) => {
        if (!request.raw.complete) reply.header('connection', 'close');
      },
    },
    async (request) => envelope(await uploads.upload(sessionUserId(request), uploadParts(request, limits)), OK_ACTION),
  );

  app.get(
    '/media-api/mcp-alive',
    {
      config: {
        rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => `mcp-alive:${request.ip}` },
      },
    },
    async () => envelope(await health.report()),
  );
}
