import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { EndpointRecorder, endpointTable, treeRssMb } from './endpoint-figures.ts';

describe('EndpointRecorder', () => {
  it('gives each endpoint its rate over the phase, percentiles and error rate, busiest first', () => {
    const recorder = new EndpointRecorder();
    for (let ms = 1; ms <= 100; ms++) recorder.record('GET /api/post', ms, ms !== 50);
    recorder.record('like+unlike', 7, true);
    const [posts, likes] = recorder.figures(10);
    expect(posts).toEqual({
      name: 'GET /api/post',
      requests: 100,
      requestsPerSecond: 10,
      p50Ms: 51,
      p99Ms: 100,
      errorRate: 0.01,
    });
    expect(likes).toMatchObject({ name: 'like+unlike', requests: 1, p50Ms: 7, p99Ms: 7, errorRate: 0 });
    expect(endpointTable([posts!, likes!]).split('\n')[1]).toMatch(/^GET \/api\/post\s+100\s+10\.0\s+51\s+100\s+1\.00$/);
  });
});

describe('treeRssMb', () => {
  it('counts the Node processes a process started, not its other children', async () => {
    const alone = treeRssMb(process.pid);
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10_000)']);
    const other = spawn('sleep', ['10']);
    try {
      await new Promise((ready) => setTimeout(ready, 300));
      expect(alone).toBeGreaterThan(10);
      const withChildren = treeRssMb(process.pid);
      expect(withChildren).toBeGreaterThan(alone + 10);
      child.kill();
      await once(child, 'exit');
      // `sleep` is still running, but only the Node process counted.
      expect(treeRssMb(process.pid)).toBeLessThan(withChildren - 10);
    } finally {
      child.kill();
      other.kill();
      await once(other, 'exit');
    }
  });

  it('is 0 for a process that is gone', () => {
    expect(treeRssMb(2 ** 22 + 1)).toBe(0);
  });
});
