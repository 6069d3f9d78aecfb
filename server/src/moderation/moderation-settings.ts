import Value from 'typebox/value';
import type { Db } from '../db/database.ts';
import type { Actor, AuditLog } from './audit-log.ts';
import { ModerationSettings } from './moderation-schema.ts';

/** Until an admin changes them: the card networks' 7 business days, the TAKE IT DOWN Act's 48 hours. */
export const DEFAULT_MODERATION_SETTINGS: ModerationSettings = {
  defaultDeadlineBusinessDays: 7,
  nonConsensualDeadlineHours: 48,
  categoryDeadlineBusinessDays: {},
  reportsPerHour: 20,
};

const keys = Object.keys(DEFAULT_MODERATION_SETTINGS) as (keyof ModerationSettings)[];

/**
 * Settings admins change at run time, one row per key in `moderation_settings`; a key without a row (or
 * with a value a later version no longer accepts) keeps its default. Read on each use: they change rarely
 * and every app node must see a change at once.
 */
export class ModerationSettingsService {
  private readonly db: Db;
  private readonly audit: AuditLog;

  constructor(db: Db, audit: AuditLog) {
    this.db = db;
    this.audit = audit;
  }

  async current(trx: Db = this.db): Promise<ModerationSettings> {
    const rows = await trx.selectFrom('moderation_settings').select(['key', 'value']).execute();
    const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    const settings: Record<string, unknown> = { ...DEFAULT_MODERATION_SETTINGS };
    for (const key of keys) {
      if (key in stored && Value.Check(ModerationSettings.properties[key], stored[key])) settings[key] = stored[key];
    }
    return settings as ModerationSettings;
  }

  /** Changes the given keys and writes one audit entry with the old and new values. */
  async update(actor: Actor, changes: Partial<ModerationSettings>): Promise<ModerationSettings> {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('moderation_settings').select('key').forUpdate().execute();
      const before = await this.current(trx);
      const changed = keys.filter(
        (key) => changes[key] !== undefined && JSON.stringify(changes[key]) !== JSON.stringify(before[key]),
      );
      for (const key of changed) {
        const value = JSON.stringify(changes[key]);
        await trx
          .insertInto('moderation_settings')
          .values({ key, value, updated_by: actor.id })
          .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_by: actor.id, updated_at: new Date() }))
          .execute();
      }
      if (changed.length > 0) {
        await this.audit.record(
          {
            actor,
            action: 'settings.update',
            subjectType: 'settings',
            subjectId: 'moderation',
            details: {
              before: Object.fromEntries(changed.map((key) => [key, before[key]])),
              after: Object.fromEntries(changed.map((key) => [key, changes[key]])),
            },
          },
          trx,
        );
      }
      return this.current(trx);
    });
  }
}
