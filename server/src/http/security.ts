import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { compressOptions } from './encodings.ts';
import { isInProcessCall } from './in-process-calls.ts';
import { nonceSource, secureHeaders } from './secure-headers.ts';

/**
 * The global rate limit's key: the peer address, IPv6 by /64 as the plugin's own key does. A request whose
 * client already hung up (a video range the player abandoned) has no address any more; it shares one key
 * instead of failing in the plugin with a 500.
 */
export function rateLimitKey(request: Pick<FastifyRequest, 'ip'>): string {
  return request.ip === undefined ? 'peer-gone' : normalizeIP(request.ip);
}

/**
 * Whether the global limit covers the route that answers: the API and uploads. Decided on the route's
 * pattern, not the raw URL: the router decodes a path before matching, so `/%61pi/login` is `/api/login`.
 */
function isLimitedRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? '';
  return route.startsWith('/api/') || route.startsWith('/media-api/');
}

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's Content-Security-Policy nonce: the only inline scripts a page may run carry it. */
    cspNonce: string;
  }
}

/** The site's websocket origin (ws://host for http, wss://host for https), for connect-src. */
export function websocketOrigin(siteOrigin: string): string {
  return new URL(siteOrigin).origin.replace(/^http/, 'ws');
}

/** Cross-cutting HTTP protections: headers, cookies, compression and the global rate limit. */
export default fp(
  async function security(
    app: FastifyInstance,
    options: {
      rateLimitPerMinute: number;
      development: boolean;
      /** The site's public origin (config.http.baseUrl): pages may call it and its websocket, nothing else. */
      siteOrigin: string;
      /** Origins a feature needs beyond our own (Google/Apple sign-in scripts, frames and calls). */
      thirdParty?: { readonly script: string[]; readonly frame: string[]; readonly connect: string[] };
    },
  ) {
    const extra = options.thirdParty ?? { script: [], frame: [], connect: [] };
    await app.register(cookie);
    app.decorateRequest('cspNonce', '');
    const nextNonce = nonceSource();
    const setSecureHeaders = secureHeaders((nonce) => ({
      // Vite's dev server injects inline modules and a websocket for hot reload.
      contentSecurityPolicy: options.development
        ? false
        : {
            directives: {
              defaultSrc: ["'self'"],
              // React Router's inline hand-over scripts carry the request's nonce (web/app/entry.server.tsx).
              scriptSrc: ["'self'", nonce, ...extra.script],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'blob:'],
              mediaSrc: ["'self'", 'blob:'],
              connectSrc: ["'self'", websocketOrigin(options.siteOrigin), ...extra.connect],
              ...(extra.frame.length > 0 && { frameSrc: ["'self'", ...extra.frame] }),
              frameAncestors: ["'self'"],
              upgradeInsecureRequests: null,
            },
          },
      crossOriginEmbedderPolicy: false,
      // Provider sign-in popups report back to the opener, which same-origin would cut off.
      ...(extra.frame.length > 0 && { crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const } }),
    }));
    app.addHook('onRequest', (request, reply, done) => {
      // A page's in-process API call answers the page's loader, not a browser: no header of its reply is sent.
      if (isInProcessCall(request)) return done();
      request.cspNonce = nextNonce();
      setSecureHeaders(reply.raw, request.cspNonce);
      done();
    });
    // /embed/{post} exists to be framed by other sites (the share sheet's embed code); every other page stays unframeable.
    // Decided on the path the page router renders, which resolves dot segments: /embed/%2e%2e/settings is /settings.
    app.addHook('onSend', async (request, reply) => {
      // A path that resolves to /embed/… holds those letters as they are: other answers skip the parse.
      if (!request.url.includes('embed')) return;
      if (!URL.parse(request.url, 'http://velvet.invalid')?.pathname.startsWith('/embed/')) return;
      reply.removeHeader('x-frame-options');
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string')
        reply.header('content-security-policy', policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
    });
    await app.register(compress, compressOptions);
    await app.register(rateLimit, {
      max: options.rateLimitPerMinute,
      timeWindow: 60_000,
      keyGenerator: rateLimitKey,
      // Pages count through their own route limit (web/web.plugin.ts), which also stands for their loaders' calls.
      allowList: (request) => isInProcessCall(request) || !isLimitedRoute(request),
      // Thrown into the error handler, which answers with the envelope; Retry-After is already set.
      errorResponseBuilder: () => Object.assign(new Error('rate limited'), { statusCode: 429 }),
    });
  },
  { name: 'security' },
);
