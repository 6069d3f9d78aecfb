import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, describe, expect, test } from 'vitest';
import { authAs, createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';

const t = await testApp({ env: { CONTACT_EMAIL: 'safety@velvet.test' } });
afterAll(() => t.close());
const { db } = t.container.database;
const outbox = t.container.config.mail.outboxDir;

let address = 0;
/** Each test sends from its own address, so the per-address limit of one test does not touch the next. */
const nextAddress = () => `10.0.0.${++address}`;

async function solvedToken(from: string): Promise<string> {
  const answer = await t.request({ method: 'GET', url: '/api/contact/challenge', remoteAddress: from });
  expect(answer.body.statusCode).toBe(1);
  const { challenge } = answer.body;
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('challenge not solved');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

const send = (path: string, body: unknown, from: string, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: path,
    remoteAddress: from,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });

async function outboxMessages(): Promise<{ to: string; subject: string; text: string }[]> {
  const files = await readdir(outbox).catch(() => [] as string[]);
  return Promise.all(
    files.filter((file) => file.endsWith('.json')).map(async (file) => JSON.parse(await readFile(join(outbox, file), 'utf8'))),
  );
}

describe('POST /api/contact', () => {
  test('stores the message, e-mails the operators and acknowledges with contact-message-sent', async () => {
    const from = nextAddress();
    const recaptchaToken = await solvedToken(from);
    const { body } = await send(
      '/api/contact',
      { email: 'fan@example.com', subject: 'Hello', text: 'Love the site', userAgent: 'TestAgent/1', recaptchaToken },
      from,
    );
    expect(body).toMatchObject({ statusCode: 1, message: 'contact-message-sent', kind: 'contact' });
    const row = await db.selectFrom('contact_messages').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'contact',
      email: 'fan@example.com',
      subject: 'Hello',
      text: 'Love the site',
      user_agent: 'TestAgent/1',
      ip: from,
    });
    expect(row.mailed_at).not.toBeNull();
    const mail = (await outboxMessages()).find((message) => message.subject.includes(`#${body.id}]`));
    expect(mail).toMatchObject({ to: 'safety@velvet.test', subject: `[Velvet contact #${body.id}] Hello` });
    expect(mail?.text).toContain('Love the site');
    expect(mail?.text).toContain('fan@example.com');
  });

  test('a solution works once; a forged or missing one fails with captcha_failed', async () => {
    const from = nextAddress();
    const recaptchaToken = await solvedToken(from);
    const form = { email: 'a@example.com', text: 'Hi', recaptchaToken };
    expect((await send('/api/contact', form, from)).body.statusCode).toBe(1);
    expect((await send('/api/contact', form, from)).body).toMatchObject({ statusCode: -130, error: 'captcha_failed' });
    const forged = Buffer.from(
      JSON.stringify({ algorithm: 'SHA-256', challenge: 'x', number: 1, salt: 'y', signature: 'z' }),
    ).toString('base64');
    expect((await send('/api/contact', { ...form, recaptchaToken: forged }, from)).body.statusCode).toBe(-130);
    expect((await send('/api/contact', { ...form, recaptchaToken: 'not base64 json' }, from)).body.statusCode).toBe(-130);
  });

  test('a contact message needs an e-mail address and text; malformed ones are input errors', async () => {
    const from = nextAddress();
    const recaptchaToken = await solvedToken(from);
    expect((await send('/api/contact', { text: 'Hi', recaptchaToken }, from)).body.statusCode).toBe(-10);
    expect((await send('/api/contact', { email: 'nope', text: 'Hi', recaptchaToken }, from)).body.statusCode).toBe(-10);
    expect((await send('/api/contact', { email: 'a@b.co', text: '', recaptchaToken }, from)).body.statusCode).toBe(-10);
  });

  test('more than five messages a minute from one address are refused with 429', async () => {
    const from = nextAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++)
      statuses.push((await send('/api/contact', { email: 'a@b.co', text: 'x', recaptchaToken: 'x' }, from)).status);
    expect(statuses.slice(0, 5).every((status) => status === 200)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});

describe('POST /api/abuse', () => {
  test('a report on a post from a logged-in user is stored with both, and mailed', async () => {
    const author = await createUser(db);
    const reporter = await createUser(db);
    const postId = await createPost(db, author.id);
    const from = nextAddress();
    const recaptchaToken = await solvedToken(from);
    const { body } = await send(
      '/api/abuse',
      { postId, text: 'This looks stolen', recaptchaToken },
      from,
      await authAs(t, reporter.id),
    );
    expect(body).toMatchObject({ statusCode: 1, message: 'contact-message-sent', kind: 'abuse' });
    const row = await db.selectFrom('contact_messages').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'abuse', post_id: postId, sender_id: reporter.id, email: null });
    const mail = (await outboxMessages()).find((message) => message.subject.startsWith(`[Velvet report #${body.id}]`));
    expect(mail?.text).toContain(`/video?id=${postId}`);
  });

  test('a report on an account; a report needs a target and the target must exist', async () => {
    const target = await createUser(db);
    const from = nextAddress();
    const ok = await send(
      '/api/abuse',
      { abuseUserId: target.id, text: 'Impersonation', recaptchaToken: await solvedToken(from) },
      from,
    );
    expect(ok.body.statusCode).toBe(1);
    expect((await send('/api/abuse', { text: 'x', recaptchaToken: await solvedToken(from) }, from)).body.statusCode).toBe(-10);
    const missing = await send('/api/abuse', { postId: 999_999, text: 'x', recaptchaToken: await solvedToken(from) }, from);
    expect(missing.body.statusCode).toBe(-13);
  });

  test('POST /api/contact with a postId files a report too', async () => {
    const author = await createUser(db);
    const postId = await createPost(db, author.id);
    const from = nextAddress();
    const { body } = await send('/api/contact', { postId, text: 'Report', recaptchaToken: await solvedToken(from) }, from);
    expect(body).toMatchObject({ statusCode: 1, kind: 'abuse' });
  });
});
