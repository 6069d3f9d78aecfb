import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type IssuedSession, SessionService } from '../accounts/session.service.ts';
import { TokensRepository } from '../accounts/tokens.repository.ts';
import { TokenSigner } from '../accounts/tokens.ts';
import { UsersRepository } from '../accounts/users.repository.ts';
import type { Db } from '../db/database.ts';
import { MediaStatus, PostStatus } from '../posts/post-status.ts';
import type { TestApp } from './test-app.ts';

/** Rows written straight to the database, for tests that need content without the upload pipeline. */

let sequence = 0;
const next = () => {
  sequence += 1;
  return `${sequence}${Math.random().toString(36).slice(2, 6)}`;
};

export interface UserFixture {
  readonly id: number;
  readonly username: string;
}

export async function createUser(
  db: Db,
  values: { username?: string; displayName?: string; banned?: boolean; type?: number } = {},
): Promise<UserFixture> {
  const username = values.username ?? `fx_${next()}`;
  const row = await db
    .insertInto('users')
    .values({
      username,
      display_name: values.displayName ?? username,
      type: values.type ?? 1,
      banned_at: values.banned ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username };
}

/**
 * Makes an account a verified creator as an approved verification would (compliance/verification/): account
 * type 3 and a performer record, so the uploader gate lets it upload. For tests about something else than
 * verification, which has its own tests.
 */
export async function verifyCreator(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ type: 3 }).where('id', '=', userId).where('type', 'not in', [3, 5, 6]).execute();
  await db
    .insertInto('performer_identities')
    .values({
      user_id: userId,
      legal_name: `Fixture Performer ${userId}`,
      date_of_birth: '1990-01-01',
      fingerprint: randomBytes(32),
      provider: 'fixture',
    })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
}

/** A fresh verified creator (account type 3 unless told 5 or 6): may upload while UPLOADS_REQUIRE_VERIFICATION is on. */
export async function createVerifiedCreator(
  db: Db,
  values: { username?: string; displayName?: string; type?: 3 | 5 | 6 } = {},
): Promise<UserFixture> {
  const user = await createUser(db, { ...values, type: values.type ?? 3 });
  await verifyCreator(db, user.id);
  return user;
}

export interface PostFixtureOptions {
  readonly title?: string;
  readonly status?: number;
  readonly lgbt?: number;
  readonly publishedAt?: Date;
  readonly deleted?: boolean;
  readonly pinned?: boolean;
  /** Number of ready video files (default 1). */
  readonly media?: number;
  readonly tags?: readonly string[];
  readonly jobs?: readonly { kind: string; state: 'new' | 'started' | 'done' | 'failed' }[];
}

/** A post with its media files, tags (created when new) and jobs; published now unless told otherwise. */
export async function createPost(db: Db, userId: number, options: PostFixtureOptions = {}): Promise<number> {
  const status = options.status ?? PostStatus.published;
  const publishedAt = status === PostStatus.published ? (options.publishedAt ?? new Date()) : null;
  const { id } = await db
    .insertInto('posts')
    .values({
      user_id: userId,
      kind: 'video',
      title: options.title ?? `Post ${next()}`,
      status,
      lgbt: options.lgbt ?? 1,
      published_at: publishedAt,
      created_at: publishedAt ?? new Date(),
      pinned_at: options.pinned ? new Date() : null,
      deleted_at: options.deleted ? new Date() : null,
      // A scheduled post always has its time and targets itself (migration 0026).
      ...(status === PostStatus.scheduled
        ? { scheduled_at: new Date(Date.now() + 3_600_000), target_status: PostStatus.scheduled }
        : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await declareSelfPerformer(db, id, userId);
  for (let position = 0; position < (options.media ?? 1); position++) await createMedia(db, userId, { postId: id, position });
  for (const [position, tag] of (options.tags ?? []).entries()) {
    const tagId = await ensureTag(db, tag);
    await db.insertInto('post_tags').values({ post_id: id, tag_id: tagId, position }).execute();
  }
  if (options.jobs?.length) {
    await db
      .insertInto('post_jobs')
      .values(options.jobs.map((job) => ({ post_id: id, kind: job.kind, state: job.state })))
      .execute();
  }
  return id;
}

/**
 * When the owner has a performer record: the post's manifest as a verified creator declares it (the owner
 * alone, consenting) and its production date, so the 2257 records are complete and the legacy guard
 * (compliance/records/) leaves the post alone.
 */
async function declareSelfPerformer(db: Db, postId: number, userId: number): Promise<void> {
  const identity = await db.selectFrom('performer_identities').select('id').where('user_id', '=', userId).executeTakeFirst();
  if (!identity) return;
  await db.updateTable('posts').set({ produced_on: sql<string>`created_at::date` }).where('id', '=', postId).execute();
  await db
    .insertInto('post_performers')
    .values({
      post_id: postId,
      kind: 'self',
      user_id: userId,
      identity_id: identity.id,
      state: 'consented',
      scopes: ['depicted', 'distribution', 'downloads'],
    })
    .execute();
}

export async function createMedia(db: Db, ownerId: number, placement: { postId?: number; position?: number } = {}) {
  const name = `fx${next()}`;
  const key = `media/${name}/mp4-540.mp4`;
  const row = await db
    .insertInto('media_files')
    .values({
      name,
      owner_id: ownerId,
      kind: 'video',
      mime_type: 'video/mp4',
      status: MediaStatus.ready,
      width: 540,
      height: 960,
      duration_ms: 8000,
      original_key: key,
      variants: JSON.stringify({ 'mp4-540': { key, mime: 'video/mp4', width: 540, height: 960 } }),
      post_id: placement.postId ?? null,
      position: placement.position ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function ensureTag(db: Db, tag: string): Promise<number> {
  await db
    .insertInto('tags')
    .values({ tag })
    .onConflict((conflict) => conflict.column('tag').doNothing())
    .execute();
  const row = await db.selectFrom('tags').select('id').where('tag', '=', tag).executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A session of `userId` started as a login starts one (its refresh family is stored), so the access token
 * passes the per-request session check and a logout or password change can end it.
 */
export async function startSession(db: Db, jwtSecret: string, userId: number): Promise<IssuedSession> {
  const account = await new UsersRepository(db).findAccountById(userId);
  if (!account) throw new Error(`no user ${userId}`);
  const sessions = new SessionService(new TokenSigner(jwtSecret), new UsersRepository(db), new TokensRepository(db), {
    publish: async () => {},
  });
  return sessions.start(account);
}

/** Headers that authenticate as `userId` (a Bearer token, so no cookie or CSRF checks are involved). */
export async function authAs(t: TestApp, userId: number): Promise<Record<string, string>> {
  const { session } = await startSession(t.container.database.db, t.container.config.auth.jwtSecret, userId);
  return { authorization: `Bearer ${session.accessToken}` };
}

/** A logged-in caller: JSON requests with the user's token. */
export async function actingAs(t: TestApp, userId: number) {
  const headers = await authAs(t, userId);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    t
      .request({
        method,
        url,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      })
      .then((response) => response.body);
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body?: unknown) => call('POST', url, body),
    put: (url: string, body?: unknown) => call('PUT', url, body),
    delete: (url: string, body?: unknown) => call('DELETE', url, body),
  };
}
