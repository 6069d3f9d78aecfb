import { afterAll, expect, test } from 'vitest';
import { testApp } from '../test/test-app.ts';

const t = await testApp();
afterAll(() => t.close());

test('/healthz says the process is alive', async () => {
  const response = await t.get('/healthz');
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ status: 'ok' });
});

test('/readyz says the database answers', async () => {
  const response = await t.get('/readyz');
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ status: 'ready' });
});
