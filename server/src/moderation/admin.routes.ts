import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Static } from 'typebox';
import { envelope, OK_ACTION } from '../http/envelope.ts';
import type { AuditService } from './audit.service.ts';
import { AuditQuery, JobParams, MonthlyQuery, RoleBody, SettingsBody } from './moderation-schema.ts';
import type { ModerationSettingsService } from './moderation-settings.ts';
import type { OperationsService } from './operations.service.ts';
import { mayHandleRestricted, type RoleService } from './roles.service.ts';
import { staffActor, staffMember } from './staff-guard.plugin.ts';

const moderator = { role: 'moderator' } as const;
const admin = { role: 'admin' } as const;

function sendCsv(reply: FastifyReply, name: string, text: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(text);
}

/** Roles, settings, the audit log, operations and the monthly report (README.md "Routes"). */
export default async function adminRoutes(
  app: FastifyInstance,
  deps: { roles: RoleService; settings: ModerationSettingsService; audit: AuditService; operations: OperationsService },
) {
  const { roles, settings, audit, operations } = deps;

  app.get('/api/admin/roles', { config: admin }, async () => envelope({ grants: await roles.list() }));
  app.post('/api/admin/roles', { config: admin, schema: { body: RoleBody } }, async (request) => {
    const { username, role } = request.body as Static<typeof RoleBody>;
    await roles.grant(staffActor(request), username, role);
    return envelope({ grants: await roles.list() });
  });
  app.delete('/api/admin/roles', { config: admin, schema: { body: RoleBody } }, async (request) => {
    const { username, role } = request.body as Static<typeof RoleBody>;
    await roles.revoke(staffActor(request), username, role);
    return envelope({ grants: await roles.list() });
  });

  app.get('/api/admin/settings', { config: admin }, async () => envelope({ settings: await settings.current() }));
  app.put('/api/admin/settings', { config: admin, schema: { body: SettingsBody } }, async (request) =>
    envelope({ settings: await settings.update(staffActor(request), request.body as Static<typeof SettingsBody>) }),
  );

  app.get('/api/admin/audit', { config: moderator, schema: { querystring: AuditQuery } }, async (request) =>
    envelope(await audit.search(request.query as Static<typeof AuditQuery>, !mayHandleRestricted(staffMember(request).roles))),
  );
  app.get('/api/admin/audit/export', { config: admin, schema: { querystring: AuditQuery } }, async (request, reply) => {
    const text = await audit.exportCsv(staffActor(request), request.query as Static<typeof AuditQuery>);
    return sendCsv(reply, 'audit-log.csv', text);
  });

  app.get('/api/admin/operations', { config: moderator }, async () => envelope(await operations.overview()));
  app.post('/api/admin/operations/jobs/:id/retry', { config: admin, schema: { params: JobParams } }, async (request) => {
    await operations.retryJob(staffActor(request), (request.params as Static<typeof JobParams>).id);
    return envelope({}, OK_ACTION);
  });

  app.get('/api/admin/reports/monthly', { config: moderator, schema: { querystring: MonthlyQuery } }, async (request) => {
    const { from, to } = request.query as Static<typeof MonthlyQuery>;
    return envelope({ months: await operations.monthly(from, to) });
  });
  app.get(
    '/api/admin/reports/monthly.csv',
    { config: moderator, schema: { querystring: MonthlyQuery } },
    async (request, reply) => {
      const { from, to } = request.query as Static<typeof MonthlyQuery>;
      return sendCsv(reply, `moderation-${from}-${to}.csv`, operations.monthlyCsv(await operations.monthly(from, to)));
    },
  );
}
