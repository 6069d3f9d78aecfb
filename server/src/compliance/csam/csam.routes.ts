import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { envelope, OK_ACTION } from '../../http/envelope.ts';
import { RESTRICTED_CASE_LEVEL } from '../../moderation/roles.service.ts';
import { staffActor } from '../../moderation/staff-guard.plugin.ts';
import type { CsamService, Viewer } from './csam.service.ts';
import {
  CaseParams,
  ConfirmBody,
  type EvidenceAnswer,
  EvidenceParams,
  FileParams,
  LegalHoldBody,
  ListQuery,
  type RestrictedCaseAnswer,
  type RestrictedQueueAnswer,
  RevealParams,
  SubmittedBody,
} from './csam-schema.ts';

const cleared = { role: RESTRICTED_CASE_LEVEL };
const PAGE = 30;
const SIDE_LISTS = 50;
/** Restricted material is never kept by a browser or a proxy. */
const PRIVATE = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } as const;

const viewer = (request: FastifyRequest): Viewer => ({ ...staffActor(request), ip: request.ip });

/** The CSAM workflow over HTTP (README.md "Routes"): staff cleared for restricted cases only. */
export default async function csamRoutes(app: FastifyInstance, { csam }: { csam: CsamService }) {
  app.get('/api/admin/csam/queue', { config: cleared, schema: { querystring: ListQuery } }, async (request) => {
    const query = request.query as Static<typeof ListQuery>;
    const [queue, reports, evidence] = await Promise.all([
      csam.queue(staffActor(request), query.limit ?? PAGE, query.cursor),
      csam.reports(SIDE_LISTS),
      csam.evidence.list(SIDE_LISTS),
    ]);
    return envelope({ ...queue, now: new Date().toISOString(), reports, evidence } satisfies Omit<
      RestrictedQueueAnswer,
      'statusCode'
    >);
  });

  app.get('/api/admin/csam/cases/:id', { config: cleared, schema: { params: CaseParams } }, async (request) => {
    const { id } = request.params as Static<typeof CaseParams>;
    const view = await csam.caseView(staffActor(request), id);
    return envelope({ ...view, now: new Date().toISOString() } satisfies Omit<RestrictedCaseAnswer, 'statusCode'>);
  });

  app.get(
    '/api/admin/csam/cases/:id/media/:mediaId',
    { config: cleared, schema: { params: RevealParams } },
    async (request, reply) => {
      const { id, mediaId } = request.params as Static<typeof RevealParams>;
      const still = await csam.reveal(viewer(request), id, mediaId);
      return reply.headers(PRIVATE).type(still.contentType).send(still.body);
    },
  );

  app.post(
    '/api/admin/csam/cases/:id/confirm',
    { config: cleared, schema: { params: CaseParams, body: ConfirmBody } },
    async (request) => {
      const { id } = request.params as Static<typeof CaseParams>;
      const { note } = request.body as Static<typeof ConfirmBody>;
      return envelope(await csam.confirm(viewer(request), id, note.trim()), OK_ACTION);
    },
  );

  app.get('/api/admin/csam/evidence/:id', { config: cleared, schema: { params: EvidenceParams } }, async (request) => {
    const { id } = request.params as Static<typeof EvidenceParams>;
    return envelope((await csam.evidence.view(viewer(request), id)) satisfies Omit<EvidenceAnswer, 'statusCode'>);
  });

  app.get(
    '/api/admin/csam/evidence/:id/files/:position',
    { config: cleared, schema: { params: FileParams } },
    async (request, reply) => {
      const { id, position } = request.params as Static<typeof FileParams>;
      const file = await csam.evidence.download(viewer(request), id, position);
      const name = file.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
      return reply
        .headers({ ...PRIVATE, 'content-disposition': `attachment; filename="evidence-${id}-${name}"` })
        .type(file.contentType)
        .send(file.bytes);
    },
  );

  app.put(
    '/api/admin/csam/evidence/:id/legal-hold',
    { config: cleared, schema: { params: EvidenceParams, body: LegalHoldBody } },
    async (request) => {
      const { id } = request.params as Static<typeof EvidenceParams>;
      const { hold, reason } = request.body as Static<typeof LegalHoldBody>;
      return envelope({ evidence: await csam.evidence.setLegalHold(viewer(request), id, hold, reason.trim()) }, OK_ACTION);
    },
  );

  app.post(
    '/api/admin/csam/reports/:id/submitted',
    { config: cleared, schema: { params: EvidenceParams, body: SubmittedBody } },
    async (request) => {
      const { id } = request.params as Static<typeof EvidenceParams>;
      const { ncmecReportId } = request.body as Static<typeof SubmittedBody>;
      return envelope({ report: await csam.markSubmitted(staffActor(request), id, ncmecReportId) }, OK_ACTION);
    },
  );
}
