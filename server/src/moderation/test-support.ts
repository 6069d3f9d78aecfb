import { solveChallenge } from 'altcha-lib/v1';
import { actingAs, createUser } from '../test/fixtures.ts';
import type { TestApp } from '../test/test-app.ts';
import type { StaffRole } from './moderation-schema.ts';

/** Settings for moderation tests: an easy proof of work on complaints. */
export const MODERATION_TEST_ENV: Readonly<Record<string, string>> = { ALTCHA_MAX_NUMBER: '1000' };

/** A new account holding `roles`, with a JSON client acting as it. */
export async function staffUser(t: TestApp, ...roles: StaffRole[]) {
  const { db } = t.container.database;
  const user = await createUser(db);
  for (const role of roles) await db.insertInto('staff_roles').values({ user_id: user.id, role, granted_by: null }).execute();
  return { ...user, api: await actingAs(t, user.id) };
}

/** The audit entries of `action`, oldest first. */
export function auditEntries(t: TestApp, action: string) {
  return t.container.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

/** Solves the contact form's challenge (GET /api/contact/challenge), for POST /api/abuse. */
export async function contactProof(t: TestApp, from: string): Promise<string> {
  const { challenge } = (await t.request({ method: 'GET', url: '/api/contact/challenge', remoteAddress: from })).body;
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('challenge not solved');
  const { algorithm, challenge: digest, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: digest, number: solution.number, salt, signature })).toString(
    'base64',
  );
}
