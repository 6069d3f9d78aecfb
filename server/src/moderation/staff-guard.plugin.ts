import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/errors.ts';
import type { Actor } from './audit-log.ts';
import { holds, type RoleService, type StaffLevel, type StaffMember } from './roles.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only staff holding this role (or admin) may call the route; staff-guard.plugin.ts enforces it. */
    role?: StaffLevel;
  }
  interface FastifyRequest {
    /** The staff member calling a route that declares `config.role`. */
    staff?: StaffMember;
  }
}

const STAFF_PREFIX = '/api/admin/';

/**
 * The one place that decides who may call a staff route: every route declaring `config.role` is refused
 * before validation and handler to anyone not holding it (login_required, the account's ban code, or
 * forbidden). A route under /api/admin/ without a role fails at start-up, so none is left open by mistake.
 */
export default fp(
  async function staffGuard(app: FastifyInstance, { roles }: { roles: RoleService }) {
    app.addHook('onRoute', (route) => {
      const role = route.config && 'role' in route.config ? route.config.role : undefined;
      if (route.url.startsWith(STAFF_PREFIX) && !role) throw new Error(`${route.method} ${route.url} has no config.role`);
    });
    app.addHook('onRequest', async (request) => {
      const level = request.routeOptions.config?.role;
      if (!level) return;
      const { userId, rejected } = request.session;
      if (userId === undefined) throw new AppError(rejected ?? 'login_required');
      const member = await roles.member(userId);
      if (!member || !holds(member.roles, level)) throw new AppError('forbidden');
      request.staff = member;
    });
  },
  { name: 'staff-guard', dependencies: ['auth'] },
);

/** The staff member calling a route that declares `config.role`. */
export function staffMember(request: FastifyRequest): StaffMember {
  if (!request.staff) throw new AppError('forbidden');
  return request.staff;
}

/** The calling staff member as the actor of what a route does. */
export function staffActor(request: FastifyRequest): Actor {
  const { id, username } = staffMember(request);
  return { id, username, ip: request.ip };
}
