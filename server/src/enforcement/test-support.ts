import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { readOutbox } from '../mail/outbox.ts';
import { actingAs, createUser } from '../test/fixtures.ts';
import type { TestApp } from '../test/test-app.ts';

/** A user holding a staff role (moderation/ migration 0020), with an e-mail and a language. */
export async function staffMember(t: TestApp, role: 'moderator' | 'admin') {
  const { db } = t.container.database;
  const user = await createUser(db);
  await sql`INSERT INTO staff_roles (user_id, role) VALUES (${user.id}, ${role})`.execute(db);
  return { ...user, api: await actingAs(t, user.id) };
}

/** A creator with an e-mail address, reading in `lang`. */
export async function creator(t: TestApp, lang = 'en') {
  const { db } = t.container.database;
  const user = await createUser(db);
  const email = `${user.username}@example.test`;
  await db.updateTable('users').set({ email, lang }).where('id', '=', user.id).execute();
  return { ...user, email, api: await actingAs(t, user.id) };
}

/** The newest e-mail the outbox transport wrote to `to`. */
export async function lastMailTo(t: TestApp, to: string) {
  return (await readOutbox(t.container.config.mail.outboxDir, 200)).find((entry) => entry.to === to);
}

export async function auditEntries(db: Db, action: string, subjectId: number | string) {
  const { rows } = await sql<{ actorId: number | null; caseId: number | null; details: Record<string, unknown> }>`
    SELECT actor_id::int AS "actorId", case_id::int AS "caseId", details FROM audit_log
    WHERE action = ${action} AND subject_id = ${String(subjectId)} ORDER BY id`.execute(db);
  return rows;
}

export async function moderationNotifications(db: Db, userId: number) {
  const { rows } = await sql<{ actionId: string; notice: string }>`
    SELECT enforcement_action_id AS "actionId", notice FROM notifications
    WHERE user_id = ${userId} AND type = 'moderation' ORDER BY id`.execute(db);
  return rows.map((row) => ({ ...row, actionId: Number(row.actionId) }));
}

export async function postStatus(db: Db, postId: number): Promise<number> {
  const row = await db.selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow();
  return row.status;
}
