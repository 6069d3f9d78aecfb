import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, expect, test } from 'vitest';
import { isInProcessCall } from '../http/in-process-calls.ts';
import { inProcessApi } from './web.plugin.ts';

// Trusting proxies, as behind a load balancer: a forwarded address carried along would decide request.ip.
const app = Fastify({ trustProxy: true });
app.get('/api/limited', async (_request, reply) => reply.status(429).header('retry-after', '17').send({ statusCode: -20 }));
app.get('/api/who', async (request) => ({ ip: request.ip, inProcess: isInProcessCall(request) }));
await app.ready();
afterAll(() => app.close());

const pageRequest = { ip: '198.51.100.7', id: 'page-request-1', headers: { 'x-forwarded-for': '203.0.113.1' } };
const api = inProcessApi(app, pageRequest as unknown as FastifyRequest);

test("a loader's call comes from the page's client, marked in-process, with no forwarded address", async () => {
  expect(await api('/api/who')).toEqual({ ip: '198.51.100.7', inProcess: true });
});

test('a call a route refuses for rate becomes a 429 answer of the page, not a loader crash (a 500)', async () => {
  const refused = await api('/api/limited').then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(Response);
  expect((refused as Response).status).toBe(429);
  expect((refused as Response).headers.get('retry-after')).toBe('17');
});

test("one page's loaders asking the same GET share one call; a write in between asks again", async () => {
  let calls = 0;
  const counting = Fastify();
  counting.get('/api/me', async () => ({ call: ++calls }));
  counting.post('/api/change', async () => ({ statusCode: 1 }));
  await counting.ready();
  const page = inProcessApi(counting, pageRequest as unknown as FastifyRequest);
  expect(await Promise.all([page('/api/me'), page('/api/me')])).toEqual([{ call: 1 }, { call: 1 }]);
  await page('/api/change', { method: 'POST', body: {} });
  expect(await page('/api/me')).toEqual({ call: 2 });
  // Another page request asks for itself.
  expect(await inProcessApi(counting, pageRequest as unknown as FastifyRequest)('/api/me')).toEqual({ call: 3 });
  await counting.close();
});
