import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { nextAddress } from '../accounts/test-support.ts';
import { matrixWorld } from '../test/matrix-world.ts';
import { testApp } from '../test/test-app.ts';
import { authorisationMatrix, type Caller } from './authorisation-matrix.ts';

/**
 * What an account or a case keeps private never reaches anyone else: every GET route of the authorisation
 * matrix, called by everyone but the owner and the staff, answers without any value of the columns below.
 * A table that stores something private (documents, legal names, reporters, addresses) adds its columns
 * here; the values are read back from the database, so whatever a fixture or a feature wrote is covered.
 */
const PRIVATE_COLUMNS: readonly { readonly table: string; readonly column: string }[] = [
  { table: 'identity_submissions', column: 'legal_name' },
  { table: 'identity_submissions', column: 'date_of_birth' },
  { table: 'identity_submissions', column: "documents -> 0 ->> 'key'" },
  { table: 'identity_submissions', column: 'aliases[1]' },
  { table: 'performer_identities', column: 'legal_name' },
  { table: 'performer_identities', column: "documents -> 0 ->> 'key'" },
  { table: 'performer_identities', column: 'aliases[1]' },
  { table: 'post_performers', column: 'guest_email' },
  { table: 'records_exports', column: 'storage_key' },
  { table: 'users', column: 'email' },
  { table: 'users', column: 'password_hash' },
  { table: 'contact_messages', column: 'email' },
  { table: 'contact_messages', column: 'ip' },
  { table: 'contact_messages', column: 'text' },
  { table: 'moderation_cases', column: 'reporter_email' },
  { table: 'case_reports', column: 'reporter_email' },
  { table: 'case_reports', column: 'text' },
  { table: 'case_reports', column: 'ip' },
  { table: 'case_reports', column: 'follow_up_hash' },
  { table: 'case_events', column: 'private_note' },
  { table: 'case_messages', column: 'body' },
  { table: 'hash_bank_entries', column: 'hash' },
  { table: 'hash_bank_entries', column: 'reason' },
  { table: 'csam_evidence', column: 'note' },
  { table: 'csam_evidence', column: 'manifest_key' },
  { table: 'csam_evidence_files', column: 'sealed_key' },
  { table: 'csam_evidence_files', column: 'sha256' },
  { table: 'cybertipline_reports', column: 'reference' },
  { table: 'post_performers', column: "encode(release_token_hash, 'hex')" },
  { table: 'post_performers', column: "encode(release_token_hash, 'base64')" },
  { table: 'performer_consent_events', column: 'ip' },
  { table: 'performer_consent_events', column: 'user_agent' },
];
/** Callers who may see nothing private of the owner's: everyone but the owner. */
const OUTSIDERS: readonly Caller[] = ['anonymous', 'visitor', 'banned', 'user', 'other'];
/** Shorter values (an empty note, a two-letter code) would match by chance. */
const MIN_LENGTH = 8;

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000', LOGIN_RATE_LIMIT: '1000000' } });
const { db } = t.container.database;
afterAll(() => t.close());

const visitorToken: string = (await t.post('/api/anonymous-login', {})).body.accessToken;
const world = await matrixWorld(t, visitorToken);
const { owner, post } = world.fixture;

/**
 * The owner's private side: account secrets, their verified identity with its sealed documents, a report
 * on their post with its reporter, a hash-bank hit, preserved evidence, a guest performer's address,
 * release token and consent record.
 */
async function plantPrivateRecords(): Promise<void> {
  const stamp = Date.now().toString(36);
  const identity = {
    legal_name: `Legal Name ${stamp}`,
    date_of_birth: '1987-03-14',
    aliases: [`Alias ${stamp}`],
    fingerprint: randomBytes(32),
    documents: JSON.stringify([
      { kind: 'document-front', key: `sealed/identity/${stamp}/front`, width: 800, height: 500, bytes: 1 },
    ]),
  };
  const submission = await db
    .insertInto('identity_submissions')
    .values({ user_id: owner.id, provider: 'manual', state: 'approved', decided_at: new Date(), ...identity })
    .returning('id')
    .executeTakeFirstOrThrow();
  const performer = await db
    .insertInto('performer_identities')
    .values({ user_id: owner.id, submission_id: submission.id, provider: 'manual', ...identity })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The 2257 record of the owner's post (compliance/records/): its performers and a custodian's export.
  await db
    .insertInto('post_performers')
    .values([
      { post_id: post, kind: 'self', user_id: owner.id, identity_id: performer.id, state: 'consented', scopes: ['depicted'] },
      { post_id: post, kind: 'guest', guest_name: `Guest Performer ${stamp}`, guest_email: `guest-${stamp}@example.test` },
    ])
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  await db
    .insertInto('records_exports')
    .values({
      requested_by: owner.id,
      requested_by_username: owner.username,
      state: 'ready',
      storage_key: `sealed/records-exports/${stamp}/archive.zip`,
      size_bytes: 1,
      ready_at: new Date(),
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .execute();
  await db
    .updateTable('users')
    .set({ email: `private-${stamp}@example.test`, password_hash: `$argon2id$private-hash-${stamp}` })
    .where('id', '=', owner.id)
    .execute();
  await db
    .insertInto('contact_messages')
    .values({
      kind: 'abuse',
      email: `reporter-${stamp}@example.test`,
      text: `private report ${stamp}`,
      post_id: post,
      ip: '203.0.113.77',
    })
    .execute();
  const moderationCase = await db
    .insertInto('moderation_cases')
    .values({
      kind: 'complaint',
      category: 'non_consensual',
      subject_post_id: post,
      subject_user_id: owner.id,
      reporter_email: `complainant-${stamp}@example.test`,
      deadline_at: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('case_reports')
    .values({
      case_id: moderationCase.id,
      reporter_email: `complainant-${stamp}@example.test`,
      text: `the person shown ${stamp}`,
      details: JSON.stringify({ fullName: `Complainant ${stamp}` }),
      ip: '198.51.100.23',
      follow_up_hash: `follow-up-${stamp}`,
    })
    .execute();
  await db
    .insertInto('case_events')
    .values({ case_id: moderationCase.id, action: 'case.note', private_note: `moderators only ${stamp}`, data: '{}' })
    .execute();
  await db
    .insertInto('case_messages')
    .values({ case_id: moderationCase.id, author: 'reporter', body: `reporter message ${stamp}` })
    .execute();
  // The hash banks' tables have no Kysely types (compliance/hash-banks reads them with sql).
  await sql`
    INSERT INTO hash_bank_entries (bank_id, hash, reason)
    SELECT id, ${randomBytes(32).toString('hex')}, ${`removed ${stamp}`} FROM hash_banks WHERE source = 'internal'
  `.execute(db);
  const evidence = await db
    .insertInto('csam_evidence')
    .values({
      case_id: moderationCase.id,
      post_id: post,
      user_id: owner.id,
      confirmed_by: owner.id,
      note: `confirmed ${stamp}`,
      manifest_key: `sealed/evidence/${stamp}/manifest`,
      retain_until: new Date(Date.now() + 365 * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('csam_evidence_files')
    .values({
      evidence_id: evidence.id,
      position: 0,
      media_name: `media-${stamp}`,
      sealed_key: `sealed/evidence/${stamp}/0`,
      file_name: `original-${stamp}.mp4`,
      content_type: 'video/mp4',
      bytes: 64,
      sha256: randomBytes(32).toString('hex'),
      md5: randomBytes(16).toString('hex'),
    })
    .execute();
  await db
    .insertInto('cybertipline_reports')
    .values({ case_id: moderationCase.id, evidence_id: evidence.id, reporter: 'file', reference: `case-${stamp}.json` })
    .execute();
  const guest = await db
    .insertInto('post_performers')
    .values({
      post_id: post,
      kind: 'guest',
      guest_name: `Released Guest ${stamp}`,
      guest_email: `released-guest-${stamp}@example.test`,
      release_token_hash: randomBytes(32),
      release_expires_at: new Date(Date.now() + 86_400_000),
      state: 'consented',
      scopes: ['depicted', 'distribution'],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('performer_consent_events')
    .values({
      performer_id: guest.id,
      kind: 'consent',
      scopes: ['depicted', 'distribution'],
      signature: `Released Guest ${stamp}`,
      ip: '192.0.2.199',
      user_agent: `PrivateBrowser/${stamp}`,
    })
    .execute();
}

/** Every stored value of each private column, long enough to be told apart from chance. */
async function privateValues(): Promise<Map<string, string[]>> {
  const byColumn = new Map<string, string[]>();
  for (const { table, column } of PRIVATE_COLUMNS) {
    // Written here, never taken from input: raw SQL lets an entry name a JSON field or an array item.
    const value = sql.raw(`(${column})::text`);
    const { rows } = await sql<{ value: string | null }>`SELECT ${value} AS value FROM ${sql.table(table)}`.execute(db);
    byColumn.set(
      `${table}.${column}`,
      rows.flatMap(({ value }) => (value && value.length >= MIN_LENGTH ? [value] : [])),
    );
  }
  return byColumn;
}

await plantPrivateRecords();
const valuesByColumn = await privateValues();
const secrets = [...new Set([...valuesByColumn.values()].flat())];
const readRoutes = authorisationMatrix.filter((row) => row.route.startsWith('GET '));

describe('public answers', () => {
  test('every private column holds a planted value to look for', () => {
    const empty = [...valuesByColumn].filter(([, values]) => values.length === 0).map(([column]) => column);
    expect(empty).toEqual([]);
  });

  test.each(readRoutes.map((row) => [row.route, row] as const))('%s shows outsiders nothing private', async (_route, row) => {
    const leaks: string[] = [];
    for (const caller of OUTSIDERS) {
      const { url, headers } = row.request(world.fixture);
      const response = await t.request({
        method: 'GET',
        url,
        remoteAddress: nextAddress(),
        headers: { ...world.headers[caller], ...headers },
      });
      const answer = `${JSON.stringify(response.headers)}\n${response.text}`;
      for (const value of secrets) if (answer.includes(value)) leaks.push(`${caller}: ${value}`);
    }
    expect(leaks, row.route).toEqual([]);
  });
});
