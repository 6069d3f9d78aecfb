import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COMPRESS_THRESHOLD, type Encoding, encode, negotiateEncoding } from './encodings.ts';

/**
 * Spec §7: anonymous GET /api answers whose body has statusCode 2 are cached for 60 s by locale plus
 * URL. Anonymous means no account: a logged-in caller's answers hold per-user fields and are never cached,
 * nor are those of a caller whose user token did not resolve (expired: answered afresh while it refreshes).
 * An anonymous visitor (a visitor token, which browsers send in the `anonymous` cookie) shares the cache,
 * except where a route's `config.sharedAnswer` says the answer is the caller's own or depends on more than
 * the address (the home mix pushes back what that visitor has seen; lists follow the orientation cookie).
 */
interface Entry {
  /** Encoded once: writing a 15 KB string as UTF-8 on every hit was a third of a hit's CPU. */
  readonly body: Buffer;
  /**
   * The body compressed for each coding a hit has asked for, made on the first such hit: browsers always
   * accept a coding, and compressing again on every hit (through a zlib stream) cut hits to a tenth.
   */
  readonly coded: Partial<Record<Encoding, Buffer>>;
  readonly expires: number;
}

const CACHE_MS = 60_000;
const MAX_ENTRIES = 5_000;
const KEY = Symbol('cache-key');

declare module 'fastify' {
  interface FastifyRequest {
    /** Where this answer is to be stored: set for a cacheable request the cache could not answer. */
    [KEY]?: string;
  }
  interface FastifyContextConfig {
    /**
     * What the route's answer to an anonymous caller depends on besides locale, country and URL (added to
     * the cache key), or undefined when this caller's answer is their own. Without it, the address decides.
     */
    sharedAnswer?: (request: FastifyRequest) => string | undefined;
  }
}

function cacheKey(request: FastifyRequest): string | undefined {
  if (request.method !== 'GET' || !request.url.startsWith('/api/')) return undefined;
  const { session } = request;
  if (session.userId !== undefined || session.rejected) return undefined;
  const userToken = request.headers.authorization || request.cookies?.authorization || request.cookies?.refresh;
  if (userToken && session.visitorId === undefined) return undefined;
  const base = `${request.client.locale}|${request.client.forcedCountry ?? ''}|${request.url}`;
  const shared = request.routeOptions.config.sharedAnswer;
  if (!shared) return base;
  const vary = shared(request);
  return vary === undefined ? undefined : `${base}|${vary}`;
}

export default fp(
  async function responseCache(app: FastifyInstance) {
    const entries = new Map<string, Entry>();

    app.addHook('preHandler', async (request, reply) => {
      const key = cacheKey(request);
      if (!key) return;
      const entry = entries.get(key);
      if (entry && entry.expires >= Date.now()) {
        reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'hit');
        const encoding =
          entry.body.length >= COMPRESS_THRESHOLD ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
        if (!encoding) return reply.send(entry.body);
        entry.coded[encoding] ??= encode(entry.body, encoding);
        // The compression plugin leaves an answer alone once it names its coding.
        return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(entry.coded[encoding]);
      }
      if (entry) entries.delete(key);
      request[KEY] = key;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const key = request[KEY];
      if (!key || reply.statusCode !== 200 || typeof payload !== 'string' || !payload.startsWith('{"statusCode":2'))
        return payload;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(key, { body: Buffer.from(payload), coded: {}, expires: Date.now() + CACHE_MS });
      return payload;
    });
  },
  { name: 'response-cache', dependencies: ['client-context', 'auth'] },
);
