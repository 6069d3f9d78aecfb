import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { jobDeps } from '../container.ts';
import { jobHandlers } from '../jobs/registry.ts';
import { readOutbox } from '../mail/outbox.ts';
import { actingAs, authAs, createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { exportService } from './test-support.ts';

/** The export's life through the API: asking, one at a time, the build, the owner's download, expiry. */
const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', EVENT_BUS: 'memory' } });
afterAll(() => t.close());
const { db } = t.container.database;
const { storage } = t.container;
const deps = jobDeps(t.container);

const exportRow = (id: number) => db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const jobKeys = async (task: string) =>
  (await sql<{ key: string }>`SELECT key FROM graphile_worker.jobs WHERE task_identifier = ${task}`.execute(db)).rows.map(
    (row) => row.key,
  );
const download = async (id: number, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url: `/api/studio/export/${id}/download`, headers });

async function userWithEmail() {
  const user = await createUser(db);
  await db
    .updateTable('users')
    .set({ email: `${user.username}@example.test` })
    .where('id', '=', user.id)
    .execute();
  return user;
}

/** Asks as the user and runs the build job the request queued, as the worker would. */
async function requestAndBuild(userId: number): Promise<number> {
  const answer = await (await actingAs(t, userId)).post('/api/studio/export');
  expect(answer).toMatchObject({ statusCode: 1, export: { state: 'requested', downloadUrl: null } });
  await jobHandlers['exports:build'](deps, { exportId: answer.export.id }, { attempts: 1, maxAttempts: 3 });
  return answer.export.id;
}

describe('asking for an export', () => {
  test('one request at a time, queued with its build job; then a cooling-off time', async () => {
    const user = await userWithEmail();
    const me = await actingAs(t, user.id);
    expect(await me.get('/api/studio/export')).toEqual({ statusCode: 2, export: null, canRequest: true, nextRequestAt: null });

    const asked = await me.post('/api/studio/export');
    expect(asked.statusCode).toBe(1);
    expect(await jobKeys('exports:build')).toContain(`exports-build:${asked.export.id}`);
    expect(await me.get('/api/studio/export')).toMatchObject({
      export: { id: asked.export.id, state: 'requested' },
      canRequest: false,
    });
    expect(await me.post('/api/studio/export')).toMatchObject({ statusCode: -310, error: 'export_in_progress' });

    await jobHandlers['exports:build'](deps, { exportId: asked.export.id }, { attempts: 1, maxAttempts: 3 });
    const standing = await me.get('/api/studio/export');
    expect(standing).toMatchObject({ export: { state: 'ready' }, canRequest: false });
    expect(Date.parse(standing.nextRequestAt) - Date.parse(standing.export.requestedAt)).toBe(24 * 3600 * 1000);
    const again = await t.request({ method: 'POST', url: '/api/studio/export', headers: await authAs(t, user.id) });
    expect(again.body).toMatchObject({ statusCode: -311, error: 'export_too_soon' });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(23 * 3600);
  });

  test('a build whose last attempt fails marks the export failed, and the account may ask again at once', async () => {
    const user = await userWithEmail();
    const me = await actingAs(t, user.id);
    const asked = await me.post('/api/studio/export');
    const broken = exportService(t, {
      sections: [{ name: 'broken', files: [], write: () => Promise.reject(new Error('disk on fire')) }],
    });
    const run = (attempts: number) =>
      jobHandlers['exports:build']({ ...deps, exports: broken }, { exportId: asked.export.id }, { attempts, maxAttempts: 3 });
    await expect(run(1)).rejects.toThrow('disk on fire');
    expect(await exportRow(asked.export.id)).toMatchObject({ state: 'building', storage_key: null });
    await expect(run(3)).rejects.toThrow('disk on fire');
    expect(await exportRow(asked.export.id)).toMatchObject({ state: 'failed', error: 'internal_error', storage_key: null });
    expect(await me.get('/api/studio/export')).toMatchObject({
      export: { state: 'failed' },
      canRequest: true,
      nextRequestAt: null,
    });
    expect(await me.post('/api/studio/export')).toMatchObject({ statusCode: 1, export: { state: 'requested' } });
  });
});

describe('a ready export', () => {
  test('notifies and e-mails its owner, who alone downloads it, whole or by byte range, as an attachment', async () => {
    const owner = await userWithEmail();
    await createPost(db, owner.id, { title: 'Kept for me' });
    const id = await requestAndBuild(owner.id);
    const row = await exportRow(id);
    expect(row).toMatchObject({ state: 'ready' });
    const stored = await storage.stat(row.storage_key as string);
    expect(stored?.size).toBe(Number(row.size_bytes));

    const standing = await (await actingAs(t, owner.id)).get('/api/studio/export');
    expect(standing.export).toMatchObject({
      id,
      state: 'ready',
      sizeBytes: stored?.size,
      downloadUrl: `/api/studio/export/${id}/download`,
    });
    expect(Date.parse(standing.export.expiresAt) - Date.parse(standing.export.readyAt)).toBe(7 * 24 * 3600 * 1000);

    const notifications = await (await actingAs(t, owner.id)).get('/api/notification/data-export');
    expect(notifications.notifications).toMatchObject([{ type: 'data-export', isNew: true, user: null, post: null }]);
    const mail = (await readOutbox(t.container.config.mail.outboxDir, 500)).find(
      (entry) => entry.to === `${owner.username}@example.test`,
    );
    expect(mail?.subject).toBe('Your Velvet data export is ready');
    expect(mail?.text).toContain(`${t.container.config.http.baseUrl}/studio/export`);
    expect(mail?.text).not.toMatch(/\{\{/);

    const whole = await download(id, await authAs(t, owner.id));
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('application/zip');
    expect(whole.headers['content-disposition']).toBe(
      `attachment; filename="velvet-data-${owner.username}-${row.ready_at?.toISOString().slice(0, 10)}.zip"`,
    );
    expect(whole.headers['cache-control']).toBe('private, no-store');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(stored?.size);
    expect(whole.text.startsWith('PK')).toBe(true);

    const part = await download(id, { ...(await authAs(t, owner.id)), range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${stored?.size}`);
    expect(part.headers['content-length']).toBe('10');
    expect(part.text).toBe(whole.text.slice(0, 10));

    for (const headers of [{}, await authAs(t, (await createUser(db)).id)]) {
      const refused = await download(id, headers);
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ error: 'not_found' });
      expect(refused.headers['content-disposition']).toBeUndefined();
    }
  });

  test('expires after its time: the link says so at once, and the expiry job deletes the file', async () => {
    const owner = await userWithEmail();
    const id = await requestAndBuild(owner.id);
    const { storage_key: key } = await exportRow(id);
    await db
      .updateTable('data_exports')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();

    expect((await (await actingAs(t, owner.id)).get('/api/studio/export')).export).toMatchObject({
      state: 'expired',
      downloadUrl: null,
    });
    const late = await download(id, await authAs(t, owner.id));
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({ statusCode: -312, error: 'export_expired' });

    await jobHandlers['exports:expire'](deps, {});
    expect(await exportRow(id)).toMatchObject({ state: 'expired', storage_key: null });
    expect(await storage.exists(key as string)).toBe(false);
    expect((await download(id, await authAs(t, owner.id))).status).toBe(410);
  });

  test("an account's deletion takes its archive with it", async () => {
    const owner = await userWithEmail();
    const id = await requestAndBuild(owner.id);
    const { storage_key: key } = await exportRow(id);
    await db.deleteFrom('users').where('id', '=', owner.id).execute();
    expect(await jobKeys('exports:remove-archive')).toContain(`exports-remove-archive:${key}`);
    await jobHandlers['exports:remove-archive'](deps, { key: key as string });
    expect(await storage.exists(key as string)).toBe(false);
  });
});
