import type { FastifyInstance } from 'fastify';
import { errorCodeOf } from '../http/error-handler.ts';
import adminRoutes from './admin.routes.ts';
import caseRoutes from './cases.routes.ts';
import intakeRoutes from './intake.routes.ts';
import type { ModerationServices } from './moderation-services.ts';
import staffGuard from './staff-guard.plugin.ts';

/** The moderation API: the staff guard first (so it sees every route after it), then the routes. */
export async function registerModeration(app: FastifyInstance, services: ModerationServices): Promise<void> {
  app.addHook('onError', async (request, _reply, error) => {
    if (errorCodeOf(error) !== 'internal_error') return;
    services.errors.add({ requestId: request.id, route: request.routeOptions.url ?? request.url, message: error.message });
  });
  await app.register(staffGuard, { roles: services.roles });
  await app.register(intakeRoutes, { intake: services.intake });
  await app.register(caseRoutes, { cases: services.cases });
  await app.register(adminRoutes, {
    roles: services.roles,
    settings: services.settings,
    audit: services.auditSearch,
    operations: services.operations,
  });
}
