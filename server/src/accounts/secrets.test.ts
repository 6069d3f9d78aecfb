import { Writable } from 'node:stream';
import { afterAll, expect, test } from 'vitest';
import { buildApp } from '../app.ts';
import { createContainer } from '../container.ts';
import { createLogger } from '../logger.ts';
import { temporaryDirectory } from '../test/processes.ts';
import { type TestApp, testConfig, testDatabase } from '../test/test-app.ts';
import { ACCOUNT_TEST_ENV, Browser, linkToken, proofOfWork, uniqueName } from './test-support.ts';

// An app logging everything into memory, to check what a log line may contain.
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const dataDir = temporaryDirectory();
const database = await testDatabase();
const config = testConfig(dataDir.path, { ...ACCOUNT_TEST_ENV, DATABASE_URL: database.url, LOG_LEVEL: 'trace' });
const container = await createContainer(config, createLogger('trace', sink), { databaseUrl: database.url });
const app = await buildApp(container, { web: 'none' });
await app.ready();
const t = {
  app,
  container,
  request: async (options) => {
    const response = await app.inject(options);
    let body: unknown;
    try {
      body = response.json();
    } catch {
      body = undefined;
    }
    return { status: response.statusCode, headers: response.headers, text: response.body, body };
  },
} as TestApp;

afterAll(async () => {
  await app.close();
  await container.close();
  await database.drop();
  dataDir.remove();
});

test('no answer and no log line contains a password, a refresh token or a token hash', async () => {
  const name = uniqueName();
  const email = `${name}@example.test`;
  const password = 'Very secret phrase 9';
  const newPassword = 'Another secret phrase 10';
  const browser = new Browser(t);
  const answers = [
    await browser.post('/api/signup', { username: name, email, password, recaptchaToken: await proofOfWork(t) }),
    await browser.post('/api/login', { username: name, password }),
    await browser.post('/api/login', { username: name, password: `${password}x` }),
    await browser.get('/api/refresh'),
    await browser.post('/api/reset/', { email, recaptchaToken: await proofOfWork(t) }),
  ];
  const resetToken = linkToken(t, email, '/reset-password/');
  answers.push(await browser.get(`/api/pass-change/${resetToken}`));
  answers.push(await browser.post(`/api/pass-change/${resetToken}`, { password: newPassword }));
  const thirdPassword = 'Third secret phrase 11';
  answers.push(await browser.post('/api/login', { username: name, password: newPassword }));
  answers.push(await browser.call('PUT', '/api/user/me/password', { currentPassword: newPassword, password: thirdPassword }));
  answers.push(await browser.call('PUT', '/api/user/me/password', { currentPassword: 'wrong one', password: thirdPassword }));
  const refresh = browser.jar.get('refresh') as string;

  const { db } = container.database;
  const digests = [
    ...(await db.selectFrom('refresh_tokens').select('token_hash').execute()),
    ...(await db.selectFrom('action_tokens').select('token_hash').execute()),
  ].flatMap((row) => [row.token_hash.toString('hex'), row.token_hash.toString('base64'), row.token_hash.toString('base64url')]);
  const secrets = [password, newPassword, 'Third secret phrase 11', resetToken, ...digests, ...(refresh ? [refresh] : [])];

  expect(lines.length).toBeGreaterThan(5);
  const log = lines.join('');
  for (const secret of secrets) {
    for (const answer of answers) expect(answer.text).not.toContain(secret);
    expect(log).not.toContain(secret);
  }
});
