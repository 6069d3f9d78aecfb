import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../accounts/auth.plugin.ts';
import type {} from '../compliance/age-assurance/age-assurance.plugin.ts';
import type { EventBus } from '../realtime/events.ts';
import { AnswerStore } from './answer-store.ts';
import { COMPRESS_THRESHOLD, negotiateEncoding } from './encodings.ts';
import { isInProcessCall } from './in-process-calls.ts';

/**
 * Spec §7: GET answers with statusCode 2 are kept 60 s for callers without an account. The cache is
 * opt-in: only a route whose config declares `sharedAnswer` is ever stored, and its key is built from
 * what that declaration names (its query parameters, plus extras such as the orientation cookie), the
 * path parameters, the locale and the forced country. Nothing else of the request reaches the key, so
 * `?junk=1` neither misses nor adds an entry.
 *
 * A request that carries a credential (an Authorization header, an `authorization` or `refresh` cookie)
 * is never answered from the cache nor stored, whatever else it carries: a browser may still hold a
 * visitor's `anonymous` cookie beside them. An anonymous visitor (only the `anonymous` cookie) shares the
 * cache, except where the declaration's `vary` says this visitor's answer is their own.
 *
 * An answer that sets a cookie is never stored here. One that hands out a credential, a token in its body
 * or an httpOnly cookie (the server's httpOnly cookies are all credentials: session tokens, the login
 * nonce; the preference cookies pages set are readable by scripts), is also marked
 * `Cache-Control: no-store` for every other cache on the way (a CDN, the browser).
 *
 * A takedown empties the cache on every node at once (the bus event `content-withdrawn`, raised by database
 * triggers whenever a post or an account stops being public): any stored list or card may show what was
 * withdrawn, and the 60 s a stale answer would otherwise live are 60 s of serving removed content.
 * Withdrawals are rare beside reads, so dropping everything costs less than tracking which answer holds what.
 */
export interface SharedAnswer {
  /** The query parameters the answer depends on; no other parameter reaches the key. */
  readonly query: readonly string[];
  /**
   * What else the answer depends on (added to the key), or undefined when this caller's answer is their
   * own and must not be shared.
   */
  readonly vary?: (request: FastifyRequest) => string | undefined;
}

export interface ResponseCacheOptions {
  /** Memory the stored answers may take, keys and compressed copies included (RESPONSE_CACHE_MAX_BYTES). */
  readonly maxBytes: number;
  /** Where takedowns are announced (`content-withdrawn`). */
  readonly events: EventBus;
}

const CACHE_MS = 60_000;
const MAX_ENTRIES = 5_000;
const KEY = Symbol('cache-key');
/** Fields that put a credential in an answer's body. */
const TOKEN_FIELD = /"(?:accessToken|token|IdToken|upToken)":/;

declare module 'fastify' {
  interface FastifyRequest {
    /** Where this answer is to be stored: set for a cacheable request the cache could not answer. */
    [KEY]?: string;
  }
  interface FastifyContextConfig {
    /** This GET route's answer to a caller without an account is public and may be shared (spec §7). */
    sharedAnswer?: SharedAnswer;
  }
  interface FastifyInstance {
    /** Every GET route registered after the cache, by URL pattern, and whether its answers may be stored. */
    readonly responseCacheRoutes: ReadonlyMap<string, boolean>;
  }
}

/** Whether the request proves (or claims) an account: such a request is the caller's own, never shared. */
export function carriesCredentials(request: FastifyRequest): boolean {
  const cookies = request.cookies ?? {};
  return (
    request.headers.authorization !== undefined ||
    cookies[ACCESS_COOKIE] !== undefined ||
    cookies[REFRESH_COOKIE] !== undefined ||
    request.session.userId !== undefined ||
    request.session.rejected !== undefined
  );
}

/** '' where media is served as for everyone; otherwise the requirement still to meet. */
function ageAssuranceScope(request: FastifyRequest): string {
  const assurance = request.ageAssurance;
  return !assurance || assurance.mediaAllowed ? '' : assurance.requirement;
}

function cacheKey(request: FastifyRequest): string | undefined {
  const declared = request.routeOptions.config.sharedAnswer;
  if (!declared || request.method !== 'GET' || carriesCredentials(request)) return undefined;
  const vary = declared.vary ? declared.vary(request) : '';
  if (vary === undefined) return undefined;
  // Values as validated and coerced by the route's schema, so `?offset=01` and `?offset=1` are one entry.
  const query = (request.query ?? {}) as Record<string, unknown>;
  return JSON.stringify([
    request.client.locale,
    request.client.forcedCountry ?? '',
    request.routeOptions.url,
    Object.values((request.params ?? {}) as Record<string, unknown>),
    declared.query.map((name) => query[name] ?? null),
    vary,
    // Answers never mix across what age assurance decided (compliance/age-assurance/README.md).
    ageAssuranceScope(request),
  ]);
}

/** An answer that hands out a credential: an httpOnly cookie or a token in its body. */
function issuesCredentials(reply: FastifyReply, payload: unknown): boolean {
  const cookies = reply.getHeader('set-cookie') ?? [];
  const httpOnly = [cookies].flat().some((cookie) => /;\s*HttpOnly\s*(;|$)/i.test(String(cookie)));
  return httpOnly || (typeof payload === 'string' && TOKEN_FIELD.test(payload));
}

export default fp(
  async function responseCache(app: FastifyInstance, options: ResponseCacheOptions) {
    const store = new AnswerStore({ maxBytes: options.maxBytes, maxEntries: MAX_ENTRIES, ttlMs: CACHE_MS });
    const unsubscribe = options.events.subscribe((event) => {
      if (event.type === 'content-withdrawn') store.clear();
    });
    app.addHook('onClose', async () => unsubscribe());
    const routes = new Map<string, boolean>();
    app.decorate('responseCacheRoutes', routes);
    app.addHook('onRoute', (route) => {
      if ([route.method].flat().includes('GET')) routes.set(route.url, route.config?.sharedAnswer !== undefined);
    });

    app.addHook('preHandler', async (request, reply) => {
      const key = cacheKey(request);
      if (!key) return;
      const entry = store.get(key);
      if (!entry) {
        request[KEY] = key;
        return;
      }
      reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'hit');
      const encoding =
        entry.body.length >= COMPRESS_THRESHOLD ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
      if (!encoding) return reply.send(entry.body);
      // The compression plugin leaves an answer alone once it names its coding.
      return reply
        .header('content-encoding', encoding)
        .header('vary', 'accept-encoding')
        .send(store.coded(key, entry, encoding));
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const credentials = issuesCredentials(reply, payload);
      const cacheControl = String(reply.getHeader('cache-control') ?? '');
      if (credentials && !/\bno-store\b/i.test(cacheControl)) reply.header('cache-control', 'no-store');
      const key = request[KEY];
      if (!key || credentials || reply.hasHeader('set-cookie') || reply.statusCode !== 200) return payload;
      if (typeof payload !== 'string') return payload;
      if (!payload.startsWith('{"statusCode":2') || /\b(?:no-store|private)\b/i.test(cacheControl)) return payload;
      store.set(key, Buffer.from(payload));
      // A page's in-process call learns its answer is shared (a hit says so anyway): a page built only of
      // such answers may be shared too (web/page-cache.ts).
      if (isInProcessCall(request)) reply.header('x-cache', 'miss');
      return payload;
    });
  },
  { name: 'response-cache', dependencies: ['client-context', 'auth'] },
);
