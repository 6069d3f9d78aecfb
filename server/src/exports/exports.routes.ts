import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionUserId } from '../accounts/auth.plugin.ts';
import { envelope } from '../http/envelope.ts';
import { AppError, errorEnvelope } from '../http/errors.ts';
import type { Storage } from '../media/storage.ts';
import { replyWithObject } from '../media/stored-object-reply.ts';
import type { DataExportService } from './exports.service.ts';
import { ExportIdParams } from './exports-schema.ts';

/** An archive is personal data: never kept by a browser or a shared cache. */
const NO_STORE = 'private, no-store';

/**
 * The export page's calls (exports/README.md): GET where the account's export stands, POST to ask for one,
 * and the owner's download of a ready archive, streamed from storage with byte ranges like media.
 */
export default async function exportRoutes(
  app: FastifyInstance,
  { exports, storage }: { exports: DataExportService; storage: Storage },
) {
  const perUser = {
    rateLimit: {
      max: 10,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `export:${request.session.userId ?? request.ip}`,
    },
  };

  app.get('/api/studio/export', { preHandler: app.requireUser }, async (request) =>
    envelope(await exports.standing(sessionUserId(request))),
  );

  app.post('/api/studio/export', { preHandler: app.requireUser, config: perUser }, async (request) =>
    envelope(await exports.request(sessionUserId(request), request.client.locale), 1),
  );

  // A file, not an envelope: failures answer their real HTTP status (404, 409, 410) with the envelope as body.
  app.get('/api/studio/export/:id/download', { compress: false, schema: { params: ExportIdParams } }, async (request, reply) => {
    const { id } = request.params as ExportIdParams;
    try {
      const archive = await exports.download(request.session.userId, id);
      await sendArchive(storage, archive.key, archive.fileName, request, reply);
      return reply;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const { http, body } = errorEnvelope(error.code);
      reply.removeHeader('content-disposition');
      return reply
        .status(error.code === 'not_found' ? 404 : http)
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', NO_STORE)
        .send(body);
    }
  });
}

async function sendArchive(storage: Storage, key: string, fileName: string, request: FastifyRequest, reply: FastifyReply) {
  const object = await storage.stat(key);
  if (!object) throw new AppError('export_expired');
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', NO_STORE);
  if (!(await replyWithObject(storage, object, request, reply))) throw new AppError('export_expired');
}
