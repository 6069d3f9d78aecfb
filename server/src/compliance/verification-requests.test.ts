import { afterAll, expect, test } from 'vitest';
import type { OutboxEntry } from '../mail/mailer.ts';
import { readOutbox } from '../mail/outbox.ts';
import { actingAs, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';

const t = await testApp();
afterAll(() => t.close());
const { db } = t.container.database;

const mailsAbout = async (username: string) =>
  (await readOutbox(t.container.config.mail.outboxDir, 500)).filter((mail: OutboxEntry) => mail.subject.endsWith(`@${username}`));

test('a creator asks once: the operators get one e-mail, asking again answers the open request', async () => {
  const creator = await createUser(db, { type: 1 });
  const as = await actingAs(t, creator.id);
  expect(await as.get('/api/verification-request')).toEqual({ statusCode: 2, verified: false, request: null });

  const first = await as.post('/api/verification-request', {});
  expect(first).toMatchObject({ statusCode: 2, alreadyOpen: false, request: { state: 'open' } });
  const again = await as.post('/api/verification-request', {});
  expect(again).toEqual({ ...first, alreadyOpen: true });

  const mails = await mailsAbout(creator.username);
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatchObject({ to: t.container.config.contact.operatorsEmail });
  expect(mails[0]?.text).toContain(`user id ${creator.id}`);
  const rows = await db
    .selectFrom('verification_requests')
    .select(['state', 'mailed_at'])
    .where('user_id', '=', creator.id)
    .execute();
  expect(rows).toEqual([{ state: 'open', mailed_at: expect.any(Date) }]);
  expect(await as.get('/api/verification-request')).toMatchObject({ verified: false, request: { state: 'open' } });
});

test('requests racing each other still leave one open request and one e-mail', async () => {
  const creator = await createUser(db, { type: 1 });
  const as = await actingAs(t, creator.id);
  const answers = await Promise.all([1, 2, 3].map(() => as.post('/api/verification-request', {})));
  expect(answers.filter((answer) => answer.alreadyOpen === false)).toHaveLength(1);
  expect(await mailsAbout(creator.username)).toHaveLength(1);
});

test('a verified, partner or channel account has nothing to ask', async () => {
  for (const type of [3, 5, 6]) {
    const account = await createUser(db, { type });
    const as = await actingAs(t, account.id);
    expect(await as.get('/api/verification-request')).toMatchObject({ verified: true, request: null });
    expect(await as.post('/api/verification-request', {})).toMatchObject({ statusCode: -185, error: 'already_verified' });
  }
});
