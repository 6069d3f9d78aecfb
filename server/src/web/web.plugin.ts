import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RouterContextProvider, type ServerBuild } from 'react-router';
import { serverContext } from '../../../web/app/server-context.ts';
import { pageSessionHeaders, REFRESH_COOKIE } from '../accounts/auth.plugin.ts';
import { LOCATION_HEADER, locationHeader } from '../compliance/age-assurance/age-assurance.plugin.ts';
import type { Container } from '../container.ts';
import { inProcessCallHeaders } from '../http/in-process-calls.ts';
import { rateLimitKey } from '../http/security.ts';
import { pageAgeAssurance } from './page-age-assurance.ts';
import { markUnshareable, PageCache } from './page-cache.ts';

/** Paths the server owns; the page catch-all must never answer them, whatever the method. */
const SERVER_PREFIXES = ['/api/', '/media-api/', '/media/', '/thumber/', '/translations/', '/ws/', '/simicheck/'];

const webRoot = fileURLToPath(new URL('../../../web/', import.meta.url));

/** Headers and cookies of the page request that the in-process API calls carry along. */
const FORWARDED = [
  'cookie',
  'authorization',
  'language',
  'country',
  'app-version',
  'apiversion',
  'accept-language',
  'user-agent',
];

/**
 * The API as a page's loaders call it: in-process, as the page's client. The call comes from the client's
 * address (never from a forwarded header, which is not carried along), so per-address rules such as
 * visitor-token minting and view counting see who is really asking; it is exempt from the global rate
 * limit because the page request was counted (`pageRateLimit`). It carries the page's location, which the
 * proxy's headers told the page (compliance/age-assurance/), and the page's session, which the calls share
 * (accounts/auth.plugin.ts `pageSessionHeaders`).
 *
 * One page's loaders run together and several read the same answer (the root loader and the studio
 * layout both ask GET /api/user/me): a GET is asked once per page request and its answer shared, so
 * loaders must not change what they receive. A write (an action) forgets the reads made before it.
 */
export function inProcessApi(app: FastifyInstance, request: FastifyRequest) {
  const headers: Record<string, string> = {};
  // A write may end or change the session (a logout, an e-mail action): the calls after it resolve their own.
  let session = pageSessionHeaders(request);
  for (const name of FORWARDED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const call = async (path: string, init: { method?: string; body?: unknown }): Promise<unknown> => {
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: path,
      remoteAddress: request.ip,
      headers: {
        ...headers,
        ...session,
        ...inProcessCallHeaders,
        'x-request-id': request.id,
        [LOCATION_HEADER]: locationHeader(request),
      },
      ...(init.body === undefined ? {} : { payload: init.body as object }),
    });
    // Only answers the response cache shares between visitors leave a page shareable (page-cache.ts).
    if ((init.method ?? 'GET') === 'GET' && response.headers['x-cache'] === undefined) markUnshareable(request);
    // A route's own limit refusing the page's client is the page's answer too, never a server error.
    if (response.statusCode === 429) {
      throw new Response(null, { status: 429, headers: { 'retry-after': String(response.headers['retry-after'] ?? 60) } });
    }
    return response.json();
  };
  const reads = new Map<string, Promise<unknown>>();
  return async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    if ((init.method ?? 'GET').toUpperCase() !== 'GET') {
      reads.clear();
      session = {};
      return (await call(path, init)) as T;
    }
    let answer = reads.get(path);
    if (!answer) {
      answer = call(path, init);
      reads.set(path, answer);
    }
    return (await answer) as T;
  };
}

/** Every page request (a document or a `.data` request, which runs the same loaders) counts per client. */
const pageRateLimit = (perMinute: number) => ({
  max: perMinute,
  timeWindow: 60_000,
  keyGenerator: rateLimitKey,
  allowList: () => false,
});

/** Serves the React Router app: server rendering for pages, static files for the client build. */
export default fp(
  async function webApp(app: FastifyInstance, { mode, container }: { mode: 'built' | 'dev'; container: Container }) {
    const getLoadContext = (request: FastifyRequest) => {
      const context = new RouterContextProvider();
      context.set(serverContext, {
        requestId: request.id,
        cspNonce: request.cspNonce,
        appVersion: container.config.appVersion,
        defaultLocale: container.config.locale.default,
        baseUrl: container.config.http.baseUrl,
        api: inProcessApi(app, request),
        ageAssurance: pageAgeAssurance(request, {
          service: container.services.ageAssurance.service,
          sessions: container.services.accounts.sessions,
        }),
        legal: container.config.legal,
        uploadLimits: container.config.limits,
        renderFailed: () => markUnshareable(request),
      });
      return context;
    };

    const pages = new PageCache({ maxBytes: container.config.http.pageCacheBytes, events: container.events });
    app.addHook('onClose', async () => pages.close());
    const routeOptions = {
      config: { rateLimit: pageRateLimit(container.config.http.rateLimitPerMinute) },
      preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        const path = request.url.split('?')[0] ?? '';
        if (path === '/api' || SERVER_PREFIXES.some((prefix) => path.startsWith(prefix))) return reply.callNotFound();
        return pages.answer(request, reply);
      },
      // Signed-in pages are personal: no shared cache nor the service worker may keep them (web/app/components/pwa).
      // Runs before compression (@fastify/compress adds its hook after the route's own), so a copy is kept plain.
      onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        if (request.cookies[REFRESH_COOKIE]) reply.header('cache-control', 'private, no-store');
        return pages.keep(request, reply, payload);
      },
    };

    if (mode === 'dev') {
      const { createServer } = await import('vite');
      const vite = await createServer({ root: webRoot, server: { middlewareMode: true }, appType: 'custom' });
      await app.register((await import('@fastify/middie')).default);
      app.use(vite.middlewares);
      app.addHook('onClose', async () => vite.close());
      await app.register(fastifyReactRouter, { devServer: vite, getLoadContext, routeOptions });
      return;
    }
    if (!existsSync(`${webRoot}build/server/index.js`)) {
      throw new Error('The web app is not built: run `npm run build` first (or `npm run dev` for development).');
    }
    // Update checks must reach the server, not the hour-long cache of the other static files.
    app.addHook('onSend', async (request, reply) => {
      if (request.routeOptions.url === '/sw.js') reply.header('cache-control', 'no-cache');
      // A precompressed file is one of several bodies for its URL: caches on the way must key on the encoding.
      if (reply.getHeader('content-encoding') && !reply.getHeader('vary')) reply.header('vary', 'accept-encoding');
    });
    await app.register(fastifyReactRouter, {
      // The build itself, not its path: given a path, the adapter imports it on every request and React
      // Router then rebuilds its route table each time (createStaticHandler, ~7% of a page's CPU, issue 23).
      build: (await import(pathToFileURL(`${webRoot}build/server/index.js`).href)) as ServerBuild,
      clientBuildDirectory: `${webRoot}build/client`,
      mode: 'production',
      getLoadContext,
      routeOptions,
      // The build writes .br and .gz beside each text file (web/scripts/precompress-plugin.ts).
      staticOptions: { preCompressed: true },
      assetCacheControl: 'public, max-age=31536000, immutable',
      fileCacheControl: 'public, max-age=3600',
    });
  },
  { name: 'web-app' },
);
