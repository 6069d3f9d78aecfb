import { afterAll, expect, test } from 'vitest';
import { testApp } from '../test/test-app.ts';

/**
 * Behind a load balancer (TRUST_PROXY), a client's address is the one the balancer saw, which it appends to
 * X-Forwarded-For. What the client wrote there itself comes first and must not choose its rate-limit key.
 */
const t = await testApp({ env: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '2' } });
afterAll(() => t.close());

const balancer = '10.200.0.1';
const settings = (forwardedFor: string) =>
  t.request({ method: 'GET', url: '/api/settings', remoteAddress: balancer, headers: { 'x-forwarded-for': forwardedFor } });

test('a client cannot pick its own address by writing X-Forwarded-For before the balancer', async () => {
  const statuses: number[] = [];
  for (let i = 1; i <= 3; i++) statuses.push((await settings(`198.51.100.${i}, 203.0.113.7`)).status);
  expect(statuses).toEqual([200, 200, 429]);
  // Another client behind the same balancer has an allowance of its own.
  expect((await settings('203.0.113.8')).status).toBe(200);
});
