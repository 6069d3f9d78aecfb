import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { staffMember } from '../../enforcement/test-support.ts';
import { runFfmpeg } from '../../media/ffmpeg.ts';
import { uploadedPost } from '../../media/processing/test-uploads.ts';
import { PostStatus } from '../../posts/post-status.ts';
import { createUser } from '../../test/fixtures.ts';
import { temporaryDirectory } from '../../test/processes.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';
import { hammingDistance } from '../pdq/pdq.ts';
import { HashBanksRepository } from './hash-banks.repository.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof staffMember>>;
let moderator: Awaited<ReturnType<typeof staffMember>>;
let creatorId: number;
const dir = temporaryDirectory('velvet-hash-banks-');
const db = () => t.container.database.db;

/** Runs the post's processing in this process, as the worker job would. */
async function processed(files: string[]): Promise<number> {
  const { postId } = await uploadedPost(t.container, creatorId, files);
  await t.container.services.processing.schedule(postId);
  await t.container.services.processing.process(postId, { attempts: 1, maxAttempts: 4 });
  return postId;
}

const post = (id: number) =>
  db().selectFrom('posts').select(['status', 'review_reason']).where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await testApp();
  admin = await staffMember(t, 'admin');
  moderator = await staffMember(t, 'moderator');
  creatorId = (await createUser(db())).id;
}, 60_000);

afterAll(async () => {
  await t?.close();
  dir.remove();
});

describe('hash banks in the media pipeline', () => {
  test('a removed video re-uploaded re-encoded is quarantined with a restricted case; other uploads publish', async () => {
    const original = join(dir.path, 'original.mp4');
    // biome-ignore format: option pairs
    await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=24', '-t', '3',
      '-c:v', 'libx264', '-preset', 'superfast', '-crf', '20', '-pix_fmt', 'yuv420p', original]);
    const copy = join(dir.path, 'copy.mp4');
    // biome-ignore format: option pairs
    await runFfmpeg(['-y', '-i', original, '-vf', 'scale=480:270', '-c:v', 'libx264', '-preset', 'superfast',
      '-crf', '34', '-pix_fmt', 'yuv420p', copy]);
    const unrelated = join(dir.path, 'unrelated.png');
    await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'mandelbrot=size=640x480', '-frames:v', '1', unrelated]);

    const first = await processed([original]);
    expect((await post(first)).status).toBe(PostStatus.published);
    const [video] = await db().selectFrom('media_files').select('id').where('post_id', '=', first).execute();
    const frames = await sql<{ quality: number }>`SELECT quality FROM media_pdq_hashes WHERE media_id = ${video?.id}`.execute(
      db(),
    );
    expect(frames.rows.length).toBe(3);

    const removed = await moderator.api.post(`/api/admin/enforcement/posts/${first}/actions`, {
      kind: 'post-remove',
      category: 'non_consensual',
    });
    expect(removed.statusCode).toBe(1);
    const banked = await sql<{ category: string; addedBy: number; sourcePostId: number }>`
      SELECT e.category, e.added_by::int AS "addedBy", e.source_post_id::int AS "sourcePostId"
      FROM hash_bank_entries e JOIN hash_banks b ON b.id = e.bank_id WHERE b.source = 'internal'`.execute(db());
    expect(banked.rows.length).toBeGreaterThan(0);
    expect(banked.rows[0]).toEqual({ category: 'non_consensual', addedBy: moderator.id, sourcePostId: first });

    const reupload = await processed([copy]);
    expect(await post(reupload)).toEqual({ status: PostStatus.inReview, review_reason: 'hash-match' });
    const match = await sql<{ caseId: number; distance: number; bank: string }>`
      SELECT m.case_id::int AS "caseId", m.distance, b.name AS bank FROM hash_matches m JOIN hash_banks b ON b.id = m.bank_id
      WHERE m.post_id = ${reupload}`.execute(db());
    const caseId = match.rows[0]?.caseId ?? 0;
    expect(match.rows[0]?.bank).toBe('internal');
    expect(match.rows[0]?.distance).toBeLessThanOrEqual(31);

    const asAdmin = await admin.api.get(`/api/admin/cases/${caseId}`);
    expect(asAdmin.case).toMatchObject({ kind: 'automated', category: 'non_consensual' });
    expect(asAdmin.reports[0].details.check).toBe('pdq-hash-match');
    expect(asAdmin.reports[0].details.matches).toContainEqual(expect.objectContaining({ bankName: 'internal', frame: 0 }));
    expect((await moderator.api.get(`/api/admin/cases/${caseId}`)).error).toBe('not_found');
    const queued = (answer: { cases: { id: number }[] }) => answer.cases.some((listed) => listed.id === caseId);
    expect(queued(await admin.api.get('/api/admin/cases?queue=open'))).toBe(true);
    expect(queued(await moderator.api.get('/api/admin/cases?queue=open'))).toBe(false);
    const review = await moderator.api.get('/api/admin/enforcement/review-queue');
    expect(review.posts.some((held: { postId: number }) => held.postId === reupload)).toBe(false);

    const overview = await admin.api.get('/api/admin/hash-banks');
    expect(overview.matches[0]).toMatchObject({ postId: reupload, caseId, bankName: 'internal' });

    const other = await processed([unrelated]);
    expect(await post(other)).toEqual({ status: PostStatus.published, review_reason: null });
    const pictureHashes = await sql<{ frame: number }>`
      SELECT h.frame FROM media_pdq_hashes h JOIN media_files m ON m.id = h.media_id WHERE m.post_id = ${other}`.execute(db());
    expect(pictureHashes.rows).toEqual([{ frame: 0 }]);
  }, 180_000);
});

describe('imports', () => {
  const good = 'd8f8f1eec0f4a84f0e37022a078f63f0b36e2ed596621e1d33e6239c4e9c9b22';
  const other = '6227401f601ff4ccafcc9fad4b0d95d371a2eb7265a3285234d228ca94deeb2d';

  test('validates line by line and counts duplicates', async () => {
    const list = [
      '# exported 2026-11-27',
      `${good.toUpperCase()},100,bridge`,
      '',
      `${other} # trailing comment`,
      good,
      'not-a-hash',
      `${other.slice(0, 63)}`,
      `${good},101`,
    ].join('\n');
    const answer = await admin.api.post('/api/admin/hash-banks/import', { bank: 'partner-list', category: 'illegal', list });
    expect(answer).toMatchObject({ statusCode: 1, bank: 'partner-list', added: 2, duplicates: 1, invalidCount: 3 });
    expect(answer.invalid.map((line: { line: number }) => line.line)).toEqual([6, 7, 8]);
    const again = await admin.api.post('/api/admin/hash-banks/import', { bank: 'partner-list', category: 'illegal', list: good });
    expect(again).toMatchObject({ added: 0, duplicates: 1, invalidCount: 0 });
    const banks = (await admin.api.get('/api/admin/hash-banks')).banks;
    expect(banks).toContainEqual(expect.objectContaining({ name: 'partner-list', source: 'imported', entries: 2 }));
  });

  test('refuses the internal bank, an empty list, and anyone but an admin', async () => {
    const internal = await admin.api.post('/api/admin/hash-banks/import', { bank: 'internal', category: 'illegal', list: good });
    expect(internal.statusCode).toBe(-320);
    const empty = await admin.api.post('/api/admin/hash-banks/import', { bank: 'x', category: 'illegal', list: 'nothing' });
    expect(empty.statusCode).toBe(-321);
    expect((await moderator.api.get('/api/admin/hash-banks')).error).toBe('forbidden');
    const refused = await moderator.api.post('/api/admin/hash-banks/import', { bank: 'x', category: 'illegal', list: good });
    expect(refused.error).toBe('forbidden');
  });
});

describe('matching', () => {
  test('finds an entry within the distance among 5,000 and nothing beyond it', async () => {
    const repository = new HashBanksRepository(db());
    const random = () => [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('');
    const { id: bankId } = (await repository.importBank('load', 'other', admin.id)) ?? { id: 0 };
    const entries = Array.from({ length: 5_000 }, () => ({ hash: random(), quality: 100, reason: '' }));
    await repository.addEntries(bankId, entries, admin.id);
    const target = entries[1_234]?.hash ?? '';
    /** `target` with its first `bits` bits flipped, spread over the slots (at most 2 per slot). */
    const flipped = (bits: number) => {
      const digits = [...target].map((digit) => Number.parseInt(digit, 16));
      for (let bit = 0; bit < bits; bit++) {
        const digit = (bit % 16) * 4 + Math.floor(bit / 16);
        digits[digit] = (digits[digit] as number) ^ 1;
      }
      return digits.map((digit) => digit.toString(16)).join('');
    };
    const near = flipped(31);
    expect(hammingDistance(near, target)).toBe(31);
    expect(await repository.nearest(near, 31)).toMatchObject({ distance: 31, bankName: 'load' });
    expect(await repository.nearest(flipped(32), 31)).toBeUndefined();
  }, 60_000);
});
