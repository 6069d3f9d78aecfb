import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import type { Actor, AuditLog } from './audit-log.ts';
import type { RoleGrant, StaffRole } from './moderation-schema.ts';

/** The roles a staff-only route may ask for; an admin may do everything a moderator may. */
export type StaffLevel = 'moderator' | 'admin';

export interface StaffMember {
  readonly id: number;
  readonly username: string;
  readonly roles: readonly StaffRole[];
}

export function holds(roles: readonly StaffRole[], level: StaffLevel): boolean {
  return roles.includes('admin') || (level === 'moderator' && roles.includes('moderator'));
}

/**
 * Who may read and act on a restricted case (suspected child sexual abuse material, hash-bank matches):
 * admins only, a deliberately small group (compliance/csam/README.md "Who sees restricted cases").
 */
export const RESTRICTED_CASE_LEVEL: StaffLevel = 'admin';

export function mayHandleRestricted(roles: readonly StaffRole[]): boolean {
  return holds(roles, RESTRICTED_CASE_LEVEL);
}

/** Grants of moderator, admin and trusted-flagger roles, apart from account types. */
export class RoleService {
  private readonly db: Db;
  private readonly audit: AuditLog;

  constructor(db: Db, audit: AuditLog) {
    this.db = db;
    this.audit = audit;
  }

  async rolesOf(userId: number, trx: Db = this.db): Promise<StaffRole[]> {
    const rows = await trx.selectFrom('staff_roles').select('role').where('user_id', '=', userId).orderBy('role').execute();
    return rows.map((row) => row.role);
  }

  async has(userId: number, level: StaffLevel): Promise<boolean> {
    return holds(await this.rolesOf(userId), level);
  }

  /** The account with its roles, or undefined for an unknown, banned or leaving one. */
  async member(userId: number): Promise<StaffMember | undefined> {
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('id', '=', userId)
      .where('banned_at', 'is', null)
      .where('delete_requested_at', 'is', null)
      .executeTakeFirst();
    return user && { ...user, roles: await this.rolesOf(user.id) };
  }

  async list(): Promise<RoleGrant[]> {
    const rows = await this.db
      .selectFrom('staff_roles as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('users as g', 'g.id', 'r.granted_by')
      .select(['u.id', 'u.username', 'r.role', 'r.granted_at', 'g.id as grantedById', 'g.username as grantedByUsername'])
      .orderBy('u.username')
      .orderBy('r.role')
      .execute();
    return rows.map((row) => ({
      user: { id: row.id, username: row.username },
      role: row.role,
      grantedBy:
        row.grantedById === null || row.grantedByUsername === null
          ? null
          : { id: row.grantedById, username: row.grantedByUsername },
      grantedAt: row.granted_at.toISOString(),
    }));
  }

  /** `actor` null: the server command that makes the first admin. Granting a held role changes nothing. */
  async grant(actor: Actor | null, username: string, role: StaffRole): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const user = await this.userNamed(trx, username);
      const added = await trx
        .insertInto('staff_roles')
        .values({ user_id: user.id, role, granted_by: actor?.id ?? null })
        .onConflict((conflict) => conflict.columns(['user_id', 'role']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!added) return;
      await this.audit.record(
        { actor, action: 'role.grant', subjectType: 'user', subjectId: user.id, details: { username: user.username, role } },
        trx,
      );
    });
  }

  async revoke(actor: Actor, username: string, role: StaffRole): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const user = await this.userNamed(trx, username);
      if (role === 'admin') {
        // Serialises concurrent revocations, so two admins cannot remove each other at the same moment.
        const admins = await trx.selectFrom('staff_roles').select('user_id').where('role', '=', 'admin').forUpdate().execute();
        if (admins.length === 1 && admins[0]?.user_id === user.id) throw new AppError('last_admin');
      }
      const removed = await trx
        .deleteFrom('staff_roles')
        .where('user_id', '=', user.id)
        .where('role', '=', role)
        .returning('user_id')
        .executeTakeFirst();
      if (!removed) return;
      await this.audit.record(
        { actor, action: 'role.revoke', subjectType: 'user', subjectId: user.id, details: { username: user.username, role } },
        trx,
      );
    });
  }

  private async userNamed(trx: Db, username: string) {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username', '=', username.trim())
      .executeTakeFirst();
    if (!user) throw new AppError('not_found');
    return user;
  }
}
