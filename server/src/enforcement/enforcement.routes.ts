import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { sessionUserId } from '../accounts/auth.plugin.ts';
import { envelope } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import { mayHandleRestricted } from '../moderation/roles.service.ts';
import { staffActor, staffMember } from '../moderation/staff-guard.plugin.ts';
import {
  AccountActionBody,
  AppealBody,
  AppealsQuery,
  CounterNoticeBody,
  DecideBody,
  HistoryQuery,
  IdParams,
  PostActionBody,
  ReviewQueueQuery,
  StatementsQuery,
  TokenAppealBody,
  TokenQuery,
  WatchedWordBody,
  WatchedWordChange,
} from './enforcement-schema.ts';
import type { EnforcementServices } from './enforcement-services.ts';

const STATEMENTS_PAGE = 30;

type Id = Static<typeof IdParams>;

/**
 * Enforcement over HTTP (enforcement/README.md "Routes"). Staff routes sit under /api/admin/ with
 * `config.role` (moderation/staff-guard); the user's own statements, appeals and counter-notices under
 * /api/enforcement/.
 */
export default async function enforcementRoutes(app: FastifyInstance, { enforcement }: { enforcement: EnforcementServices }) {
  const { actions, appeals, takedowns, reviewQueue, watchedWords } = enforcement;
  const moderator = { role: 'moderator' as const };
  const admin = { role: 'admin' as const };

  const owner = async (request: FastifyRequest) => {
    const id = sessionUserId(request);
    const username = await enforcement.repository.actorName(id);
    if (username === undefined) throw new AppError('login_required');
    return { id, username, locale: request.client.locale, ip: request.ip };
  };

  // Moderators act.
  app.post(
    '/api/admin/enforcement/posts/:id/actions',
    { schema: { params: IdParams, body: PostActionBody }, config: moderator },
    async (request) => {
      const { kind, ...input } = request.body as PostActionBody;
      return actions.actOnPost(staffActor(request), (request.params as Id).id, kind, input);
    },
  );
  app.post(
    '/api/admin/enforcement/users/:id/actions',
    { schema: { params: IdParams, body: AccountActionBody }, config: moderator },
    async (request) => {
      const { kind, ...input } = request.body as AccountActionBody;
      return actions.actOnAccount(staffActor(request), (request.params as Id).id, kind, input);
    },
  );
  app.get('/api/admin/enforcement/history', { schema: { querystring: HistoryQuery }, config: moderator }, async (request) => {
    const query = request.query as Static<typeof HistoryQuery>;
    if (query.userId === undefined && query.postId === undefined) {
      throw new AppError('invalid_input', { details: [{ field: 'querystring', problem: 'userId or postId' }] });
    }
    return envelope(await actions.history({ userId: query.userId, postId: query.postId }, query.limit ?? 50, query.before));
  });
  app.get('/api/admin/enforcement/appeals', { schema: { querystring: AppealsQuery }, config: moderator }, async (request) => {
    const query = request.query as Static<typeof AppealsQuery>;
    const cleared = mayHandleRestricted(staffMember(request).roles);
    return envelope({ appeals: await appeals.openAppeals(query.limit ?? 50, query.after, cleared) });
  });
  app.post(
    '/api/admin/enforcement/appeals/:id/decide',
    { schema: { params: IdParams, body: DecideBody }, config: moderator },
    async (request) => {
      const { outcome, reason } = request.body as Static<typeof DecideBody>;
      return appeals.decide(staffActor(request), (request.params as Id).id, outcome, reason);
    },
  );
  app.post(
    '/api/admin/enforcement/counter-notices/:id/lawsuit',
    { schema: { params: IdParams }, config: moderator },
    async (request) => takedowns.reportLawsuit(staffActor(request), (request.params as Id).id),
  );
  app.get(
    '/api/admin/enforcement/review-queue',
    { schema: { querystring: ReviewQueueQuery }, config: moderator },
    async (request) => {
      const query = request.query as Static<typeof ReviewQueueQuery>;
      return envelope(await reviewQueue.list(query.limit ?? 50, query.cursor));
    },
  );
  app.post(
    '/api/admin/enforcement/review-queue/:id/approve',
    { schema: { params: IdParams }, config: moderator },
    async (request) => reviewQueue.approve(staffActor(request), (request.params as Id).id),
  );

  // Watched words: moderators read, admins edit.
  app.get('/api/admin/watched-words', { config: moderator }, async () => envelope(await watchedWords.listView()));
  app.post('/api/admin/watched-words', { schema: { body: WatchedWordBody }, config: admin }, async (request) => {
    const { term, scopes, action } = request.body as Static<typeof WatchedWordBody>;
    return envelope({ word: await watchedWords.add(staffActor(request), term, scopes, action) }, 1);
  });
  app.put(
    '/api/admin/watched-words/:id',
    { schema: { params: IdParams, body: WatchedWordChange }, config: admin },
    async (request) =>
      envelope(
        {
          word: await watchedWords.update(
            staffActor(request),
            (request.params as Id).id,
            request.body as Static<typeof WatchedWordChange>,
          ),
        },
        1,
      ),
  );
  app.delete('/api/admin/watched-words/:id', { schema: { params: IdParams }, config: admin }, async (request) => {
    await watchedWords.remove(staffActor(request), (request.params as Id).id);
    return envelope({}, 1);
  });

  // The user an action is about: statements of reasons, appeals, counter-notices.
  app.get(
    '/api/enforcement/statements',
    { schema: { querystring: StatementsQuery }, preHandler: app.requireUser },
    async (request) => {
      const { before } = request.query as Static<typeof StatementsQuery>;
      return envelope({ statements: await actions.statementsOf(sessionUserId(request), STATEMENTS_PAGE, before) });
    },
  );
  app.get('/api/enforcement/statements/:id', { schema: { params: IdParams }, preHandler: app.requireUser }, async (request) =>
    envelope({ statement: await actions.statement((request.params as Id).id, sessionUserId(request)) }),
  );
  app.post(
    '/api/enforcement/statements/:id/appeal',
    { schema: { params: IdParams, body: AppealBody }, preHandler: app.requireUser },
    async (request) =>
      appeals.appeal(await owner(request), (request.params as Id).id, (request.body as Static<typeof AppealBody>).statement),
  );
  // Banned or suspended users, by the token of their e-mail's link.
  app.get(
    '/api/enforcement/statements/:id/by-token',
    { schema: { params: IdParams, querystring: TokenQuery } },
    async (request) =>
      envelope({
        statement: await actions.statementByToken((request.params as Id).id, (request.query as Static<typeof TokenQuery>).token),
      }),
  );
  app.post(
    '/api/enforcement/statements/:id/appeal-by-token',
    { schema: { params: IdParams, body: TokenAppealBody } },
    async (request) => {
      const { token, statement } = request.body as Static<typeof TokenAppealBody>;
      return appeals.appealByToken((request.params as Id).id, token, statement, {
        locale: request.client.locale,
        ip: request.ip,
      });
    },
  );
  app.post(
    '/api/enforcement/statements/:id/counter-notice',
    { schema: { params: IdParams, body: CounterNoticeBody }, preHandler: app.requireUser },
    async (request) =>
      takedowns.counterNotice(await owner(request), (request.params as Id).id, request.body as CounterNoticeBody),
  );
}
