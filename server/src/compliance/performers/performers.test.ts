import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { creator, lastMailTo, staffMember } from '../../enforcement/test-support.ts';
import { PostStatus } from '../../posts/post-status.ts';
import { actingAs, authAs, createPost, createUser, verifyCreator } from '../../test/fixtures.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';
import { identityPicture } from '../verification/verification-test-support.ts';

let t: TestApp;
let moderator: Awaited<ReturnType<typeof staffMember>>;
const db = () => t.container.database.db;
const today = () => new Date().toISOString().slice(0, 10);
const BROWSER = 'PerformerTest/1.0';

beforeAll(async () => {
  t = await testApp();
  moderator = await staffMember(t, 'moderator');
}, 60_000);
afterAll(() => t?.close());

/** A verified creator with an e-mail address and a published post whose original is stored. */
async function creatorWithPost() {
  const owner = await creator(t);
  await verifyCreator(db(), owner.id);
  const postId = await createPost(db(), owner.id);
  const media = await db()
    .selectFrom('media_files')
    .select('original_key')
    .where('post_id', '=', postId)
    .executeTakeFirstOrThrow();
  const original = Buffer.from(`original of post ${postId}`);
  await t.container.storage.put(media.original_key!, original);
  return { ...owner, postId, originalKey: media.original_key!, sha256: createHash('sha256').update(original).digest('hex') };
}

async function account(verified: boolean) {
  const user = await createUser(db());
  if (verified) await verifyCreator(db(), user.id);
  return { ...user, api: await actingAs(t, user.id) };
}

const postsCount = async (userId: number) =>
  (await db().selectFrom('users').select('posts_count').where('id', '=', userId).executeTakeFirstOrThrow()).posts_count;

const postStatus = async (postId: number) =>
  (await db().selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow()).status;

const performerNotices = (userId: number) =>
  db()
    .selectFrom('notifications')
    .select(['notice', 'performer_id as performerId'])
    .where('user_id', '=', userId)
    .where('type', '=', 'performer')
    .orderBy('id')
    .execute();

describe('tagged accounts', () => {
  test('a tagged account must be verified to confirm; its consent releases the held post, which it may later withdraw', async () => {
    const owner = await creatorWithPost();
    const tagged = await account(false);
    const stranger = await account(true);

    expect(
      await owner.api.put(`/api/post/${owner.postId}/performers`, { producedOn: '2999-01-01', performers: [{ kind: 'self' }] }),
    ).toMatchObject({ error: 'production_date_invalid' });
    expect(
      await owner.api.put(`/api/post/${owner.postId}/performers`, {
        producedOn: today(),
        performers: [{ kind: 'self' }, { kind: 'account', username: 'nobody_by_this_name' }],
      }),
    ).toMatchObject({ error: 'performer_account_unknown' });
    expect(
      await stranger.api.put(`/api/post/${owner.postId}/performers`, { producedOn: today(), performers: [{ kind: 'self' }] }),
    ).toMatchObject({ error: 'not_found' });

    // The fixture's post is published: it counts on its owner's profile until it is held.
    await db().updateTable('users').set({ posts_count: 1 }).where('id', '=', owner.id).execute();
    const manifest = await owner.api.put(`/api/post/${owner.postId}/performers`, {
      producedOn: today(),
      performers: [{ kind: 'self' }, { kind: 'account', username: tagged.username.toUpperCase() }],
    });
    expect(await postsCount(owner.id)).toBe(0);
    expect(manifest).toMatchObject({
      statusCode: 2,
      postStatus: PostStatus.awaitingPerformers,
      producedOn: today(),
      ready: false,
      performers: [
        { kind: 'self', username: owner.username, state: 'consented', cleared: true },
        { kind: 'account', username: tagged.username, state: 'pending', cleared: false, guestEmail: null },
      ],
    });
    const performerId = manifest.performers[1].id as number;
    // Held: nobody else sees it; moderators may read the manifest, others may not.
    expect((await t.request({ method: 'GET', url: `/api/post/${owner.postId}` })).body).toMatchObject({ error: 'not_found' });
    expect(await moderator.api.get(`/api/post/${owner.postId}/performers`)).toMatchObject({ statusCode: 2, ready: false });
    expect(await stranger.api.get(`/api/post/${owner.postId}/performers`)).toMatchObject({ error: 'not_found' });
    // The tagged account may look at what it is asked to confirm; nobody else may.
    const mediaUrl = `/${owner.originalKey}`;
    expect((await t.request({ method: 'GET', url: mediaUrl, headers: await authAs(t, tagged.id) })).status).toBe(200);
    expect((await t.request({ method: 'GET', url: mediaUrl, headers: await authAs(t, stranger.id) })).status).toBe(404);

    // The request reaches the tagged account as a notification; only that account answers it.
    const [notice] = (await tagged.api.get('/api/notification/performer')).notifications;
    expect(notice).toMatchObject({
      type: 'performer',
      performer: { id: performerId, notice: 'request' },
      post: { id: owner.postId },
    });
    expect(
      await stranger.api.post(`/api/performer/${performerId}/consent`, { scopes: ['depicted', 'distribution'] }),
    ).toMatchObject({
      error: 'not_found',
    });
    expect(await tagged.api.post(`/api/performer/${performerId}/consent`, { scopes: ['depicted'] })).toMatchObject({
      error: 'consent_scopes_incomplete',
    });
    expect(
      await tagged.api.post(`/api/performer/${performerId}/consent`, { scopes: ['depicted', 'distribution'] }),
    ).toMatchObject({
      error: 'verification_required',
    });
    expect(await postStatus(owner.postId)).toBe(PostStatus.awaitingPerformers);

    await verifyCreator(db(), tagged.id);
    const consent = await t.request({
      method: 'POST',
      url: `/api/performer/${performerId}/consent`,
      headers: { ...(await authAs(t, tagged.id)), 'user-agent': BROWSER },
      payload: { scopes: ['depicted', 'distribution'] },
    });
    expect(consent.body).toMatchObject({
      statusCode: 2,
      request: { performerId, state: 'consented', scopes: ['depicted', 'distribution'], post: { id: owner.postId } },
    });
    expect(await postStatus(owner.postId)).toBe(PostStatus.published);
    expect(await postsCount(owner.id)).toBe(1);
    // Downloads need the consent of everyone in the post, not only the creator's setting.
    await db().updateTable('posts').set({ allow_downloads: true }).where('id', '=', owner.postId).execute();
    expect((await t.request({ method: 'GET', url: `${mediaUrl}?download=1` })).status).toBe(404);
    const event = await db()
      .selectFrom('performer_consent_events')
      .selectAll()
      .where('performer_id', '=', performerId)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      kind: 'consent',
      signature: tagged.username,
      user_agent: BROWSER,
      media_sha256: [owner.sha256],
    });
    expect(event.ip).not.toBe('');
    expect(await performerNotices(owner.id)).toEqual([{ notice: 'cleared', performerId }]);
    expect((await tagged.api.get('/api/me/appearances')).appearances).toEqual([
      expect.objectContaining({ performerId, state: 'consented', post: expect.objectContaining({ id: owner.postId }) }),
    ]);

    // Published with their consent: the performer cannot be taken off it, only withdraw themselves.
    expect(
      await owner.api.put(`/api/post/${owner.postId}/performers`, { producedOn: today(), performers: [{ kind: 'self' }] }),
    ).toMatchObject({ error: 'performer_consented_locked' });
    expect(
      await tagged.api.post(`/api/performer/${performerId}/withdraw`, { reason: 'I never agreed to distribution' }),
    ).toMatchObject({
      request: { state: 'withdrawn' },
    });
    expect(await postStatus(owner.postId)).toBe(PostStatus.inReview);
    // enforcement_actions has no Kysely types of its own (enforcement/ reads it with sql).
    const {
      rows: [action],
    } = await sql<{ kind: string; category: string; automated: boolean; case_id: number }>`
      SELECT kind, category, automated, case_id FROM enforcement_actions WHERE post_id = ${owner.postId}`.execute(db());
    expect(action).toMatchObject({ kind: 'post-hide', category: 'non_consensual', automated: true });
    const openedCase = await db()
      .selectFrom('moderation_cases as c')
      .innerJoin('case_reports as r', 'r.case_id', 'c.id')
      .select(['c.id', 'c.category', 'c.subject_post_id', 'r.text', 'r.reporter_user_id'])
      .where('c.id', '=', action!.case_id)
      .executeTakeFirstOrThrow();
    expect(openedCase).toMatchObject({
      category: 'non_consensual',
      subject_post_id: owner.postId,
      text: 'I never agreed to distribution',
      reporter_user_id: tagged.id,
    });
    const ownerNotices = await db()
      .selectFrom('notifications')
      .select(['type', 'notice'])
      .where('user_id', '=', owner.id)
      .orderBy('id')
      .execute();
    expect(ownerNotices).toEqual(
      expect.arrayContaining([
        { type: 'moderation', notice: 'statement' },
        { type: 'performer', notice: 'withdrawn' },
      ]),
    );
  }, 20_000);

  test('a decline keeps the post held and tells the creator; people are listed once', async () => {
    const owner = await creatorWithPost();
    const tagged = await account(true);
    const body = (performers: unknown[]) => ({ producedOn: today(), performers });
    expect(
      await owner.api.put(
        `/api/post/${owner.postId}/performers`,
        body([{ kind: 'self' }, { kind: 'account', username: tagged.username }, { kind: 'account', username: tagged.username }]),
      ),
    ).toMatchObject({ error: 'performer_duplicate' });
    const manifest = await owner.api.put(
      `/api/post/${owner.postId}/performers`,
      body([{ kind: 'self' }, { kind: 'account', username: tagged.username }]),
    );
    const performerId = manifest.performers[1].id as number;
    expect(await tagged.api.post(`/api/performer/${performerId}/decline`, {})).toMatchObject({ request: { state: 'declined' } });
    expect(await tagged.api.post(`/api/performer/${performerId}/decline`, {})).toMatchObject({ error: 'performer_answered' });
    expect(await postStatus(owner.postId)).toBe(PostStatus.awaitingPerformers);
    // Even asked to publish, the hold stands.
    await db().updateTable('posts').set({ status: PostStatus.published }).where('id', '=', owner.postId).execute();
    expect(await postStatus(owner.postId)).toBe(PostStatus.awaitingPerformers);
    expect(await performerNotices(owner.id)).toEqual([{ notice: 'declined', performerId }]);
    // Taking the person who declined off the manifest releases the post.
    expect(await owner.api.put(`/api/post/${owner.postId}/performers`, body([{ kind: 'self' }]))).toMatchObject({
      postStatus: PostStatus.published,
      ready: true,
    });
    // The creator alone in it: their setting decides downloads.
    await db().updateTable('posts').set({ allow_downloads: true }).where('id', '=', owner.postId).execute();
    expect((await t.request({ method: 'GET', url: `/${owner.originalKey}?download=1` })).status).toBe(200);
  });
});

describe('guests without an account', () => {
  test('a guest release approved by a moderator publishes the post; unknown and expired links are refused', async () => {
    const owner = await creatorWithPost();
    const email = `guest-${owner.postId}@example.test`;
    const manifest = await owner.api.put(`/api/post/${owner.postId}/performers`, {
      producedOn: today(),
      performers: [{ kind: 'self' }, { kind: 'guest', name: 'Gina Guest', email }],
    });
    expect(manifest).toMatchObject({
      postStatus: PostStatus.awaitingPerformers,
      performers: [{ kind: 'self' }, { kind: 'guest', guestName: 'Gina Guest', guestEmail: email, releaseExpired: false }],
    });
    const performerId = manifest.performers[1].id as number;
    const mail = await lastMailTo(t, email);
    const token = /\/release\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    expect(mail?.subject).toContain(owner.username);
    const stored = await db()
      .selectFrom('post_performers')
      .select('release_token_hash')
      .where('id', '=', performerId)
      .executeTakeFirstOrThrow();
    expect(stored.release_token_hash).toEqual(createHash('sha256').update(token!).digest());

    const release = await t.request({ method: 'GET', url: `/api/release/${token}` });
    expect(release.body).toMatchObject({
      statusCode: 2,
      release: { guestName: 'Gina Guest', state: 'pending', submission: 'none', creator: { username: owner.username } },
    });
    // The held post's media is not public: a guest without an account is shown no thumbnail.
    expect(release.body.release.post.thumbnail).toBeNull();
    expect(JSON.stringify(release.body)).not.toContain(email);

    const signed = {
      legalName: 'Gina Maria Guest',
      dateOfBirth: '1994-06-01',
      aliases: ['Gigi'],
      documentFront: await identityPicture(),
      selfie: await identityPicture(600, 800, 90),
      scopes: ['depicted', 'distribution'],
      signature: 'Gina Guest',
      accept: true,
    };
    // Each guest from an address of their own: release submissions are limited per address.
    const send = (body: unknown, path = token) =>
      t.request({
        method: 'POST',
        url: `/api/release/${path}`,
        payload: body as object,
        headers: { 'user-agent': BROWSER },
        remoteAddress: path === token ? '198.51.100.1' : '198.51.100.2',
      });
    expect((await send(signed)).body).toMatchObject({ error: 'release_signature_mismatch' });
    expect((await send({ ...signed, signature: ' gina  maria guest ' })).body).toMatchObject({
      release: { state: 'consented', submission: 'pending' },
    });
    expect((await send({ ...signed, signature: 'Gina Maria Guest' })).body).toMatchObject({ error: 'release_in_review' });
    expect(await postStatus(owner.postId)).toBe(PostStatus.awaitingPerformers);

    const queue = await moderator.api.get('/api/admin/identity');
    const queued = queue.submissions.find(
      (item: { guestRelease: { performerId: number } | null }) => item.guestRelease?.performerId === performerId,
    );
    expect(queued).toMatchObject({
      username: 'Gina Guest',
      state: 'pending',
      guestRelease: { postId: owner.postId, creatorUsername: owner.username },
    });
    expect(await moderator.api.get(`/api/admin/identity/${queued.id}`)).toMatchObject({
      submission: { userId: null, legalName: 'Gina Maria Guest', guestRelease: { postId: owner.postId } },
    });
    // A guest taken off the post while their identity waits: the submission is closed, not left dangling.
    const withPat = await owner.api.put(`/api/post/${owner.postId}/performers`, {
      producedOn: today(),
      performers: [
        { kind: 'self' },
        { kind: 'guest', name: 'Gina Guest', email },
        { kind: 'guest', name: 'Pat', email: 'pat@example.test' },
      ],
    });
    const patToken = /\/release\/([A-Za-z0-9_-]{43})/.exec((await lastMailTo(t, 'pat@example.test'))?.text ?? '')?.[1];
    expect((await send({ ...signed, legalName: 'Pat Guest', signature: 'Pat Guest' }, patToken)).body).toMatchObject({
      release: { submission: 'pending' },
    });
    expect(
      await owner.api.put(`/api/post/${owner.postId}/performers`, {
        producedOn: today(),
        performers: [{ kind: 'self' }, { kind: 'guest', name: 'Gina Guest', email }],
      }),
    ).toMatchObject({ statusCode: 2 });
    const closed = await db()
      .selectFrom('identity_submissions')
      .select(['state', 'guest_performer_id'])
      .where('legal_name', '=', 'Pat Guest')
      .executeTakeFirstOrThrow();
    expect(closed).toEqual({ state: 'rejected', guest_performer_id: null });
    expect(withPat.performers).toHaveLength(3);

    expect(await moderator.api.post(`/api/admin/identity/${queued.id}/approve`, {})).toMatchObject({ statusCode: 1 });
    expect(await postStatus(owner.postId)).toBe(PostStatus.published);
    const identity = await db()
      .selectFrom('post_performers as pp')
      .innerJoin('performer_identities as pi', 'pi.id', 'pp.identity_id')
      .select(['pi.user_id', 'pi.legal_name'])
      .where('pp.id', '=', performerId)
      .executeTakeFirstOrThrow();
    expect(identity).toEqual({ user_id: null, legal_name: 'Gina Maria Guest' });
    expect(await performerNotices(owner.id)).toEqual([{ notice: 'cleared', performerId }]);

    expect((await send(signed, 'bm8tc3VjaC1yZWxlYXNlLXRva2VuLWZvci1ndWVzdCE')).body).toMatchObject({
      error: 'release_link_invalid',
    });
    const late = await owner.api.put(`/api/post/${owner.postId}/performers`, {
      producedOn: today(),
      performers: [
        { kind: 'self' },
        { kind: 'guest', name: 'Gina Guest', email },
        { kind: 'guest', name: 'Lee Late', email: 'late@example.test' },
      ],
    });
    expect(late).toMatchObject({ postStatus: PostStatus.awaitingPerformers });
    const lateToken = /\/release\/([A-Za-z0-9_-]{43})/.exec((await lastMailTo(t, 'late@example.test'))?.text ?? '')?.[1];
    await db()
      .updateTable('post_performers')
      .set({ release_expires_at: new Date(Date.now() - 1000) })
      .where('guest_email', '=', 'late@example.test')
      .execute();
    expect((await t.request({ method: 'GET', url: `/api/release/${lateToken}` })).body).toMatchObject({
      error: 'release_link_expired',
    });
    expect((await send({ ...signed, signature: signed.legalName }, lateToken)).body).toMatchObject({
      error: 'release_link_expired',
    });
    expect((await owner.api.get(`/api/post/${owner.postId}/performers`)).performers[2]).toMatchObject({ releaseExpired: true });
  }, 20_000);

  test('a refused identity tells the creator and sends the guest a new link, through which they may withdraw', async () => {
    const owner = await creatorWithPost();
    const email = `rae-${owner.postId}@example.test`;
    await owner.api.put(`/api/post/${owner.postId}/performers`, {
      producedOn: today(),
      performers: [{ kind: 'self' }, { kind: 'guest', name: 'Rae Guest', email }],
    });
    const tokenIn = async () => /\/release\/([A-Za-z0-9_-]{43})/.exec((await lastMailTo(t, email))?.text ?? '')?.[1];
    const first = await tokenIn();
    const body = {
      legalName: 'Rae Guest',
      dateOfBirth: '1991-02-03',
      aliases: [],
      documentFront: await identityPicture(),
      selfie: await identityPicture(600, 800, 90),
      scopes: ['depicted', 'distribution', 'downloads'],
      signature: 'Rae Guest',
      accept: true,
    };
    // Another address: release submissions are limited per address, and the test above used some.
    const sent = await t.request({ method: 'POST', url: `/api/release/${first}`, payload: body, remoteAddress: '203.0.113.9' });
    expect(sent.body).toMatchObject({ statusCode: 2 });
    const submission = await db()
      .selectFrom('identity_submissions as s')
      .innerJoin('post_performers as pp', 'pp.id', 's.guest_performer_id')
      .select(['s.id', 'pp.id as performerId'])
      .where('pp.guest_email', '=', email)
      .executeTakeFirstOrThrow();
    expect(
      await moderator.api.post(`/api/admin/identity/${submission.id}/reject`, { reason: 'The document is unreadable' }),
    ).toMatchObject({
      statusCode: 1,
    });
    expect(await performerNotices(owner.id)).toEqual([{ notice: 'release-rejected', performerId: submission.performerId }]);
    const mail = await lastMailTo(t, email);
    expect(mail?.text).toContain('The document is unreadable');
    const second = await tokenIn();
    expect(second).not.toBe(first);
    expect((await t.request({ method: 'GET', url: `/api/release/${first}` })).body).toMatchObject({
      error: 'release_link_invalid',
    });
    expect((await t.request({ method: 'GET', url: `/api/release/${second}` })).body).toMatchObject({
      release: { state: 'consented', submission: 'rejected', rejectionReason: 'The document is unreadable' },
    });

    const withdrawn = await t.request({
      method: 'POST',
      url: `/api/release/${second}/withdraw`,
      payload: { reason: 'Changed my mind' },
    });
    expect(withdrawn.body).toMatchObject({ release: { state: 'withdrawn' } });
    expect(await postStatus(owner.postId)).toBe(PostStatus.awaitingPerformers);
    const opened = await db()
      .selectFrom('case_reports as r')
      .innerJoin('moderation_cases as c', 'c.id', 'r.case_id')
      .select(['c.category', 'r.reporter_email', 'r.text'])
      .where('c.subject_post_id', '=', owner.postId)
      .executeTakeFirstOrThrow();
    expect(opened).toEqual({ category: 'non_consensual', reporter_email: email, text: 'Changed my mind' });
    // Who withdrew stays on the manifest: taking them off would publish the post again.
    expect(
      await owner.api.put(`/api/post/${owner.postId}/performers`, { producedOn: today(), performers: [{ kind: 'self' }] }),
    ).toMatchObject({ error: 'performer_consented_locked' });
    // The moderators may remove a held post.
    expect(
      await moderator.api.post(`/api/admin/enforcement/posts/${owner.postId}/actions`, {
        kind: 'post-remove',
        category: 'non_consensual',
      }),
    ).toMatchObject({ statusCode: 1 });
    expect(await postStatus(owner.postId)).toBe(PostStatus.removed);
  });
});
