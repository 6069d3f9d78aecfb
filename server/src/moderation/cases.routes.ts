import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { envelope, OK_ACTION } from '../http/envelope.ts';
import type { CaseService } from './cases.service.ts';
import {
  AssignBody,
  BulkBody,
  CaseParams,
  MessageBody,
  NoteBody,
  QueueQuery,
  ReasonBody,
  type StaffMeAnswer,
} from './moderation-schema.ts';
import { staffActor, staffMember } from './staff-guard.plugin.ts';

const QUEUE_PAGE = 30;
const moderator = { role: 'moderator' } as const;
type Params = Static<typeof CaseParams>;

/** The staff's queues and their work on a case (README.md "Routes"). */
export default async function caseRoutes(app: FastifyInstance, { cases }: { cases: CaseService }) {
  app.get('/api/admin/me', { config: moderator }, async (request) => {
    const { id, username, roles } = staffMember(request);
    return envelope({ user: { id, username }, roles: [...roles] } satisfies Omit<StaffMeAnswer, 'statusCode'>);
  });

  app.get('/api/admin/cases', { config: moderator, schema: { querystring: QueueQuery } }, async (request) => {
    const query = request.query as Static<typeof QueueQuery>;
    return envelope(
      await cases.queue(staffActor(request), {
        queue: query.queue ?? 'open',
        category: query.category,
        limit: query.limit ?? QUEUE_PAGE,
        cursor: query.cursor,
      }),
    );
  });

  app.get('/api/admin/cases/:id', { config: moderator, schema: { params: CaseParams } }, async (request) =>
    envelope(await cases.detail((request.params as Params).id, staffActor(request))),
  );

  app.post(
    '/api/admin/cases/:id/assign',
    { config: moderator, schema: { params: CaseParams, body: AssignBody } },
    async (request) => {
      const { assigneeId } = request.body as Static<typeof AssignBody>;
      const actor = staffActor(request);
      return envelope({ case: await cases.assign(actor, (request.params as Params).id, assigneeId ?? actor.id) }, OK_ACTION);
    },
  );

  app.post(
    '/api/admin/cases/:id/escalate',
    { config: moderator, schema: { params: CaseParams, body: ReasonBody } },
    async (request) =>
      envelope(
        {
          case: await cases.escalate(
            staffActor(request),
            (request.params as Params).id,
            request.body as Static<typeof ReasonBody>,
          ),
        },
        OK_ACTION,
      ),
  );

  app.post(
    '/api/admin/cases/:id/dismiss',
    { config: moderator, schema: { params: CaseParams, body: ReasonBody } },
    async (request) =>
      envelope(
        {
          case: await cases.dismiss(
            staffActor(request),
            (request.params as Params).id,
            request.body as Static<typeof ReasonBody>,
          ),
        },
        OK_ACTION,
      ),
  );

  app.post(
    '/api/admin/cases/:id/message',
    { config: moderator, schema: { params: CaseParams, body: MessageBody } },
    async (request) => {
      const { text } = request.body as Static<typeof MessageBody>;
      return envelope({ case: await cases.message(staffActor(request), (request.params as Params).id, text.trim()) }, OK_ACTION);
    },
  );

  app.post(
    '/api/admin/cases/:id/note',
    { config: moderator, schema: { params: CaseParams, body: NoteBody } },
    async (request) => {
      const { note } = request.body as Static<typeof NoteBody>;
      return envelope({ case: await cases.note(staffActor(request), (request.params as Params).id, note.trim()) }, OK_ACTION);
    },
  );

  app.post('/api/admin/cases/bulk', { config: moderator, schema: { body: BulkBody } }, async (request) =>
    envelope(await cases.bulk(staffActor(request), request.body as Static<typeof BulkBody>), OK_ACTION),
  );
}
