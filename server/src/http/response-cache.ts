import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Spec §7: anonymous GET /api answers whose body has statusCode 2 are cached for 60 s by locale plus
 * URL. Requests carrying credentials bypass it: their answers hold per-user fields.
 */
interface Entry {
  readonly body: string;
  readonly expires: number;
}

const CACHE_MS = 60_000;
const MAX_ENTRIES = 5_000;
const HIT = Symbol('cache-hit');

declare module 'fastify' {
  interface FastifyRequest {
    [HIT]?: boolean;
  }
}

function cacheKey(request: FastifyRequest): string | undefined {
  if (request.method !== 'GET' || !request.url.startsWith('/api/')) return undefined;
  if (request.headers.authorization || request.cookies?.authorization || request.cookies?.refresh) return undefined;
  return `${request.client.locale}|${request.client.forcedCountry ?? ''}|${request.url}`;
}

export default fp(
  async function responseCache(app: FastifyInstance) {
    const entries = new Map<string, Entry>();

    app.addHook('preHandler', async (request, reply) => {
      const key = cacheKey(request);
      const entry = key ? entries.get(key) : undefined;
      if (!key || !entry) return;
      if (entry.expires < Date.now()) {
        entries.delete(key);
        return;
      }
      request[HIT] = true;
      return reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'hit').send(entry.body);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (request[HIT] || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      const key = cacheKey(request);
      if (!key || !payload.startsWith('{"statusCode":2')) return payload;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(key, { body: payload, expires: Date.now() + CACHE_MS });
      return payload;
    });
  },
  { name: 'response-cache', dependencies: ['client-context'] },
);
