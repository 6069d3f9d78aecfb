import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Cross-cutting HTTP protections: headers, cookies, compression and the global rate limit. */
export default fp(
  async function security(app: FastifyInstance, options: { rateLimitPerMinute: number; development: boolean }) {
    await app.register(cookie);
    await app.register(helmet, {
      // Vite's dev server injects inline modules and a websocket for hot reload.
      contentSecurityPolicy: options.development
        ? false
        : {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", "'unsafe-inline'"],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'blob:'],
              mediaSrc: ["'self'", 'blob:'],
              connectSrc: ["'self'", 'ws:', 'wss:'],
              frameAncestors: ["'self'"],
              upgradeInsecureRequests: null,
            },
          },
      crossOriginEmbedderPolicy: false,
    });
    await app.register(compress, { threshold: 1024 });
    await app.register(rateLimit, {
      max: options.rateLimitPerMinute,
      timeWindow: 60_000,
      allowList: (request) => !request.url.startsWith('/api/') && !request.url.startsWith('/media-api/'),
      // Thrown into the error handler, which answers with the envelope; Retry-After is already set.
      errorResponseBuilder: () => Object.assign(new Error('rate limited'), { statusCode: 429 }),
    });
  },
  { name: 'security' },
);
