import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import accountRoutes from './accounts/accounts.routes.ts';
import auth from './accounts/auth.plugin.ts';
import profileRoutes from './accounts/profile.routes.ts';
import type { Container } from './container.ts';
import clientContext from './http/client-context.ts';
import { installErrorHandling } from './http/error-handler.ts';
import healthRoutes from './http/health.routes.ts';
import responseCache from './http/response-cache.ts';
import security from './http/security.ts';
import mediaRoutes from './media/media.routes.ts';
import settingsRoutes from './settings/settings.routes.ts';
import webApp from './web/web.plugin.ts';

export interface AppOptions {
  /** Serve the React app: `built` from web/build, `dev` through Vite, `none` for API-only tests. */
  readonly web: 'built' | 'dev' | 'none';
}

export async function buildApp(container: Container, options: AppOptions): Promise<FastifyInstance> {
  const { config, services } = container;
  const app: FastifyInstance = Fastify({
    loggerInstance: container.log as FastifyBaseLogger,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.http.trustProxy,
    bodyLimit: config.http.bodyLimit,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandling(app);

  await app.register(security, { rateLimitPerMinute: config.http.rateLimitPerMinute, development: options.web === 'dev' });
  await app.register(clientContext, { defaultLocale: config.locale.default });
  await app.register(responseCache);
  await app.register(auth, { sessions: services.accounts.sessions, baseUrl: config.http.baseUrl });

  await app.register(healthRoutes, { db: container.database.db });
  await app.register(settingsRoutes, { settings: services.settings });
  await app.register(accountRoutes, { ...services.accounts, baseUrl: config.http.baseUrl });
  await app.register(profileRoutes, { profiles: services.accounts.profiles });
  await app.register(mediaRoutes, { storage: container.storage });

  if (options.web !== 'none') await app.register(webApp, { mode: options.web, container });
  return app;
}
