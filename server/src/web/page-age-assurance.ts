import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../accounts/auth.plugin.ts';
import type { SessionService } from '../accounts/session.service.ts';
import { carriedLocationOf, locationHeader } from '../compliance/age-assurance/age-assurance.plugin.ts';
import type { AgeAssuranceService } from '../compliance/age-assurance/age-assurance.service.ts';
import type { AgeAssuranceStatus } from '../compliance/age-assurance/age-assurance-schema.ts';
import { PASS_COOKIE } from '../compliance/age-assurance/age-check-passes.ts';
import { forcedCountry } from '../http/client-context.ts';

/**
 * GET /api/age-assurance as a page's root loader would get it through `inProcessApi`, without the call:
 * every page asks, and an in-process call is a whole request through the hooks (issue 22). The assessment
 * has the inputs that call would carry: the page's location (the call's location header), the forced
 * country from `country` (its query), else the page's `country` header or cookie, the page's pass cookie,
 * and the session the page's tokens resolve to: the page's own session, renewed before its loaders ran
 * (page-session.plugin.ts), unless a Bearer header, which the call would prefer to the cookies, came along.
 */
export function pageAgeAssurance(
  request: FastifyRequest,
  { service, sessions }: { service: AgeAssuranceService; sessions: SessionService },
) {
  return async (country: string | undefined): Promise<AgeAssuranceStatus> => {
    const bearer = bearerToken(request);
    const session = bearer === undefined ? request.session : await sessions.resolve(bearer);
    const assurance = await service.assess({
      ip: request.ip,
      headers: request.headers,
      knownLocation: carriedLocationOf(locationHeader(request)),
      forcedCountry: forcedCountry(country, request),
      userId: session.userId,
      passCookie: request.cookies[PASS_COOKIE],
    });
    return service.statusOf(assurance);
  };
}
