import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { envelope } from '../../http/envelope.ts';
import { staffActor } from '../../moderation/staff-guard.plugin.ts';
import type { AgeAssurance, AgeAssuranceService } from './age-assurance.service.ts';
import {
  type AgeAssuranceRules,
  type AgeAssuranceStatus,
  CompleteBody,
  RuleBody,
  RuleParams,
  StartBody,
  StatusQuery,
} from './age-assurance-schema.ts';
import { PASS_COOKIE } from './age-check-passes.ts';

const admin = { role: 'admin' } as const;
/** Attempts per address and minute: each one is a vendor's billed session in production. */
const attemptLimit = { max: 10, timeWindow: 60_000 };

function assuranceOf(request: FastifyRequest): AgeAssurance {
  // Set by age-assurance.plugin.ts for every request before its handler runs.
  return request.ageAssurance as AgeAssurance;
}

interface Options {
  readonly ageAssurance: AgeAssuranceService;
  readonly geolocation: AgeAssuranceRules['geolocation'];
  readonly secureCookies: boolean;
}

/** Age assurance over HTTP (README.md "Routes"). */
export default async function ageAssuranceRoutes(app: FastifyInstance, { ageAssurance, geolocation, secureCookies }: Options) {
  app.get(
    '/api/age-assurance',
    { schema: { querystring: StatusQuery } },
    async (request): Promise<AgeAssuranceStatus> => ageAssurance.statusOf(assuranceOf(request)),
  );

  app.post('/api/age-assurance/start', { schema: { body: StartBody }, config: { rateLimit: attemptLimit } }, async (request) => {
    const { returnTo } = request.body as Static<typeof StartBody>;
    return envelope(await ageAssurance.start(assuranceOf(request), returnTo));
  });

  app.post(
    '/api/age-assurance/complete',
    { schema: { body: CompleteBody }, config: { rateLimit: attemptLimit } },
    async (request, reply) => {
      const { reference, evidence } = request.body as Static<typeof CompleteBody>;
      const { method, cookie } = await ageAssurance.complete(request.session.userId, reference, evidence);
      reply.setCookie(PASS_COOKIE, cookie, {
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        path: '/',
        maxAge: ageAssurance.passLifetimeSeconds,
      });
      return envelope({ passed: true, method }, 1);
    },
  );

  const rulesAnswer = async (): Promise<AgeAssuranceRules> => ({
    statusCode: 2,
    rules: await ageAssurance.rules(),
    geolocation,
    provider: ageAssurance.providerName,
  });

  app.get('/api/admin/age-assurance', { config: admin }, rulesAnswer);

  app.put('/api/admin/age-assurance/rules', { config: admin, schema: { body: RuleBody } }, async (request) => {
    await ageAssurance.setRule(staffActor(request), request.body as Static<typeof RuleBody>);
    return rulesAnswer();
  });

  app.delete(
    '/api/admin/age-assurance/rules/:jurisdiction',
    { config: admin, schema: { params: RuleParams } },
    async (request) => {
      await ageAssurance.removeRule(staffActor(request), (request.params as Static<typeof RuleParams>).jurisdiction);
      return rulesAnswer();
    },
  );
}
