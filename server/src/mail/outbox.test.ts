import { afterAll, expect, test } from 'vitest';
import { ACCOUNT_TEST_ENV, Browser, proofOfWork, uniqueName } from '../accounts/test-support.ts';
import { testApp } from '../test/test-app.ts';

const development = await testApp({ env: { ...ACCOUNT_TEST_ENV, NODE_ENV: 'development' } });
const production = await testApp({ env: { ...ACCOUNT_TEST_ENV, NODE_ENV: 'production' } });
afterAll(async () => {
  await development.close();
  await production.close();
});

test('in development /dev/outbox lists sent e-mails, newest first, with clickable links and escaped text', async () => {
  const empty = await development.get('/dev/outbox');
  expect(empty.text).toContain('No messages yet.');
  const name = uniqueName('mail');
  const body = { username: name, email: `${name}@example.test`, password: 'Outbox page phrase 1' };
  await new Browser(development).post('/api/signup', { ...body, recaptchaToken: await proofOfWork(development) });
  const page = await development.get('/dev/outbox');
  expect(page.status).toBe(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.headers['cache-control']).toBe('no-store');
  expect(page.text).toContain(`to ${name}@example.test`);
  expect(page.text).toMatch(/<a href="http:\/\/localhost:\d+\/action\/[\w-]+">/);
  expect(page.text).not.toContain('<script');
});

test('in production the page does not exist: the messages hold live links', async () => {
  const response = await production.get('/dev/outbox');
  expect(response.status).toBe(404);
});
