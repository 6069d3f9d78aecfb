import { afterAll, expect, test } from 'vitest';
import { testApp } from '../test/test-app.ts';

const TOKEN = 'metrics-test-token-0123456789';
const t = await testApp({ env: { METRICS_TOKEN: TOKEN } });
afterAll(() => t.close());

test('/metrics answers Prometheus text to the holder of METRICS_TOKEN, with request, queue, job and socket figures', async () => {
  await t.get('/api/settings');
  await t.container.jobs.add('accounts:purge-expired-tokens', {});
  const response = await t.get('/metrics', { authorization: `Bearer ${TOKEN}` });
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  expect(response.text).toMatch(/velvet_http_requests_total\{method="GET",route="\/api\/settings",status="200"\} 1/);
  expect(response.text).toMatch(
    /velvet_http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/settings"\}/,
  );
  expect(response.text).toMatch(/velvet_job_queue\{task="accounts:purge-expired-tokens",state="waiting"\} 1/);
  expect(response.text).toContain('velvet_jobs_total');
  expect(response.text).toMatch(/velvet_websockets_open 0/);
  expect(response.text).toMatch(/velvet_db_pool_connections\{state="open"\} \d+/);
  expect(response.text).toContain('velvet_process_resident_memory_bytes');
});

test('/metrics does not exist for a wrong token or none', async () => {
  const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer wrong' }, { authorization: TOKEN }];
  for (const headers of attempts) {
    const response = await t.get('/metrics', headers);
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ statusCode: -16, error: 'route_not_found' });
  }
});
