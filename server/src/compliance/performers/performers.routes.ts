import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { sessionUserId } from '../../accounts/auth.plugin.ts';
import {
  AppearancesQuery,
  ConsentBody,
  ManifestBody,
  PerformerParams,
  PostParams,
  RELEASE_BODY_LIMIT,
  ReleaseBody,
  ReleaseParams,
  WithdrawBody,
} from './performers-schema.ts';
import type { PerformerServices } from './performers-services.ts';
import type { Witness } from './withdrawal.ts';

const USER_AGENT_MAX = 512;

/** Where an answer came from, for the consent record. */
const witnessOf = (request: FastifyRequest): Witness => ({
  ip: request.ip ?? '',
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX),
});

/**
 * Performer manifests, tagged accounts' answers and guests' releases (README.md "Routes"). The release
 * routes need no session: the token in the path is the credential, so no cookie is read and no
 * cross-site form can use one.
 */
export default async function performerRoutes(app: FastifyInstance, { performers }: { performers: PerformerServices }) {
  const { manifest, answers, guests } = performers;
  const perUser = (name: string, max: number, timeWindow: number) => ({
    rateLimit: { max, timeWindow, keyGenerator: (request: FastifyRequest) => `${name}:${request.session.userId ?? request.ip}` },
  });
  const perAddress = (name: string, max: number, timeWindow: number) => ({
    rateLimit: { max, timeWindow, keyGenerator: (request: FastifyRequest) => `${name}:${request.ip}` },
  });

  app.get(
    '/api/post/:id/performers',
    { preHandler: app.requireUser, schema: { params: PostParams }, config: perUser('manifest-read', 120, 60_000) },
    async (request) => manifest.read(sessionUserId(request), (request.params as Static<typeof PostParams>).id),
  );

  app.put(
    '/api/post/:id/performers',
    {
      preHandler: app.requireUser,
      schema: { params: PostParams, body: ManifestBody },
      config: perUser('manifest-write', 30, 60_000),
    },
    async (request) =>
      manifest.replace(
        sessionUserId(request),
        (request.params as Static<typeof PostParams>).id,
        request.body as Static<typeof ManifestBody>,
      ),
  );

  app.post(
    '/api/performer/:performerId/resend',
    { preHandler: app.requireUser, schema: { params: PerformerParams }, config: perUser('release-resend', 10, 60 * 60_000) },
    async (request) => manifest.resend(sessionUserId(request), (request.params as Static<typeof PerformerParams>).performerId),
  );

  app.get(
    '/api/performer/:performerId',
    { preHandler: app.requireUser, schema: { params: PerformerParams }, config: perUser('performer-read', 120, 60_000) },
    async (request) => answers.request(sessionUserId(request), (request.params as Static<typeof PerformerParams>).performerId),
  );

  app.post(
    '/api/performer/:performerId/consent',
    {
      preHandler: app.requireUser,
      schema: { params: PerformerParams, body: ConsentBody },
      config: perUser('performer-answer', 30, 60_000),
    },
    async (request) =>
      answers.consent(
        sessionUserId(request),
        (request.params as Static<typeof PerformerParams>).performerId,
        (request.body as Static<typeof ConsentBody>).scopes,
        witnessOf(request),
      ),
  );

  app.post(
    '/api/performer/:performerId/decline',
    { preHandler: app.requireUser, schema: { params: PerformerParams }, config: perUser('performer-answer', 30, 60_000) },
    async (request) =>
      answers.decline(sessionUserId(request), (request.params as Static<typeof PerformerParams>).performerId, witnessOf(request)),
  );

  app.post(
    '/api/performer/:performerId/withdraw',
    {
      preHandler: app.requireUser,
      schema: { params: PerformerParams, body: WithdrawBody },
      config: perUser('performer-withdraw', 10, 60 * 60_000),
    },
    async (request) =>
      answers.withdraw(
        sessionUserId(request),
        (request.params as Static<typeof PerformerParams>).performerId,
        (request.body as Static<typeof WithdrawBody>).reason,
        witnessOf(request),
      ),
  );

  app.get(
    '/api/me/appearances',
    { preHandler: app.requireUser, schema: { querystring: AppearancesQuery }, config: perUser('appearances', 120, 60_000) },
    async (request) => answers.appearances(sessionUserId(request), (request.query as Static<typeof AppearancesQuery>).cursor),
  );

  app.get(
    '/api/release/:token',
    { schema: { params: ReleaseParams }, config: perAddress('release-read', 60, 60_000) },
    async (request) => guests.read((request.params as Static<typeof ReleaseParams>).token),
  );

  app.post(
    '/api/release/:token',
    {
      bodyLimit: RELEASE_BODY_LIMIT,
      schema: { params: ReleaseParams, body: ReleaseBody },
      config: perAddress('release-submit', 5, 60 * 60_000),
    },
    async (request) =>
      guests.submit(
        (request.params as Static<typeof ReleaseParams>).token,
        request.body as Static<typeof ReleaseBody>,
        witnessOf(request),
      ),
  );

  app.post(
    '/api/release/:token/withdraw',
    { schema: { params: ReleaseParams, body: WithdrawBody }, config: perAddress('release-withdraw', 10, 60 * 60_000) },
    async (request) =>
      guests.withdraw(
        (request.params as Static<typeof ReleaseParams>).token,
        (request.body as Static<typeof WithdrawBody>).reason,
        witnessOf(request),
      ),
  );
}
