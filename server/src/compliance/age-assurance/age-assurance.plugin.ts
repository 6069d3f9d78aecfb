import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, type ErrorCode, errorEnvelope } from '../../http/errors.ts';
import { isInProcessCall } from '../../http/in-process-calls.ts';
import type { EventBus } from '../../realtime/events.ts';
import type { AgeAssurance, AgeAssuranceService } from './age-assurance.service.ts';
import { PASS_COOKIE } from './age-check-passes.ts';
import { type Location, locationOf } from './geolocation.ts';
import type { JurisdictionRules } from './jurisdiction-rules.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the age-assurance rules mean for this request (set before any handler or cached answer). */
    ageAssurance?: AgeAssurance;
  }
}

/** Routes that serve media bytes: post videos and stills, covers, sprites, previews, avatars, thumbnails. */
const MEDIA_ROUTES = new Set(['/media/*', '/thumber/:size/:file']);
/** What a visitor in a blocked jurisdiction may still call: enough for the page that tells them so. */
const OPEN_WHEN_BLOCKED = new Set([
  '/api/settings',
  '/api/age-assurance',
  '/api/user/me',
  '/api/anonymous-login',
  '/api/refresh',
]);
/**
 * A page's in-process API calls (web/web.plugin.ts) come from the client's address without the proxy's
 * headers, so they carry the page's location in this header; only a call marked in-process is believed.
 */
export const LOCATION_HEADER = 'x-velvet-location';
/** What a browser may keep of media where the answer depends on the visitor: no shared cache may. */
const PRIVATE_MEDIA_CACHE = 'private, max-age=3600';

/** The location header's value for an in-process call: `GB`, `US-TX`, or empty for unknown. */
export function locationHeader(request: FastifyRequest): string {
  const location = request.ageAssurance?.location;
  return location?.region ?? location?.country ?? '';
}

/** The location a location header's value stands for; null for unknown. */
export function carriedLocationOf(value: string): Location | null {
  const [country, region] = value.split('-');
  return locationOf(country, region) ?? null;
}

function carriedLocation(request: FastifyRequest): Location | null | undefined {
  if (!isInProcessCall(request)) return undefined;
  const value = request.headers[LOCATION_HEADER];
  return typeof value === 'string' ? carriedLocationOf(value) : undefined;
}

function refuseMedia(reply: FastifyReply, code: ErrorCode, http: number) {
  return reply.status(http).header('cache-control', 'no-store').send(errorEnvelope(code).body);
}

/**
 * Decides each request's age assurance and enforces it before anything answers (README.md "Enforcement"):
 * media bytes are refused until a required check passes, and a blocked jurisdiction gets nothing but the
 * notice. Registered before the response cache, so a stored answer is never handed to a request this
 * refuses, and the cache keys on the outcome (http/response-cache.ts).
 */
export default fp(
  async function ageAssurancePlugin(
    app: FastifyInstance,
    { ageAssurance, rules, events }: { ageAssurance: AgeAssuranceService; rules: JurisdictionRules; events: EventBus },
  ) {
    const unsubscribe = events.subscribe((event) => {
      if (event.type === 'age-assurance-rules-changed') rules.invalidate();
    });
    app.addHook('onClose', async () => unsubscribe());

    app.addHook('preHandler', async (request, reply) => {
      const url = request.routeOptions.url ?? '';
      const media = MEDIA_ROUTES.has(url);
      const assurance = await ageAssurance.assess({
        ip: request.ip,
        headers: request.headers,
        knownLocation: carriedLocation(request),
        forcedCountry: request.client?.forcedCountry,
        userId: request.session?.userId,
        passCookie: request.cookies?.[PASS_COOKIE],
      });
      request.ageAssurance = assurance;
      if (media && assurance.requirement === 'blocked') return refuseMedia(reply, 'jurisdiction_blocked', 451);
      if (media && !assurance.mediaAllowed) return refuseMedia(reply, 'age_check_required', 403);
      if (assurance.requirement === 'blocked' && url.startsWith('/api/') && !OPEN_WHEN_BLOCKED.has(url)) {
        throw new AppError('jurisdiction_blocked');
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (!MEDIA_ROUTES.has(request.routeOptions.url ?? '')) return payload;
      const cacheControl = String(reply.getHeader('cache-control') ?? '');
      if (/^public\b/i.test(cacheControl) && (await ageAssurance.mediaDependsOnVisitor())) {
        reply.header('cache-control', PRIVATE_MEDIA_CACHE);
      }
      return payload;
    });
  },
  { name: 'age-assurance', dependencies: ['client-context', 'auth'] },
);
