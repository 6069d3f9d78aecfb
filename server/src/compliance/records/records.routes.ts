import type { FastifyInstance } from 'fastify';
import { envelope } from '../../http/envelope.ts';
import { AppError, errorEnvelope } from '../../http/errors.ts';
import { staffActor } from '../../moderation/staff-guard.plugin.ts';
import type { RecordsService } from './records.service.ts';
import { RECORDS_CUSTODIAN_LEVEL } from './records-access.ts';
import type { RecordsExportService } from './records-export.service.ts';
import { ExportIdParams, PostIdParams, RecordsSearchQuery } from './records-schema.ts';

const custodian = { role: RECORDS_CUSTODIAN_LEVEL } as const;
const NO_STORE = 'private, no-store';

/** The 2257 records in the console and the custodian's export (README.md "Routes"); custodian only. */
export default async function recordsRoutes(
  app: FastifyInstance,
  { records, exports }: { records: RecordsService; exports: RecordsExportService },
) {
  app.get('/api/admin/records', { config: custodian, schema: { querystring: RecordsSearchQuery } }, async (request) =>
    envelope({ depictions: await records.search(request.query as RecordsSearchQuery) }),
  );

  app.get('/api/admin/records/post/:id', { config: custodian, schema: { params: PostIdParams } }, async (request) =>
    envelope({ depiction: await records.record((request.params as PostIdParams).id) }),
  );

  app.get('/api/admin/records/exports', { config: custodian }, async () => envelope({ exports: await exports.list() }));

  app.post('/api/admin/records/exports', { config: custodian }, async (request) =>
    envelope({ export: await exports.request(staffActor(request)) }, 1),
  );

  // A file, not an envelope: the unsealed archive, never stored by a browser or proxy; failures answer
  // their HTTP status with the envelope as body. A blob that fails to verify cuts the transfer.
  app.get(
    '/api/admin/records/exports/:id/download',
    { config: custodian, compress: false, schema: { params: ExportIdParams } },
    async (request, reply) => {
      try {
        const { stream, fileName } = await exports.download((request.params as ExportIdParams).id);
        stream.on('error', (error) => {
          request.log.error({ err: error }, 'sealed records export did not verify');
          reply.raw.destroy();
        });
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', NO_STORE)
          .send(stream);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const { http, body } = errorEnvelope(error.code);
        return reply
          .status(error.code === 'not_found' ? 404 : http)
          .header('content-type', 'application/json; charset=utf-8')
          .header('cache-control', NO_STORE)
          .send(body);
      }
    },
  );
}
