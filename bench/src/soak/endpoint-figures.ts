import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

export interface EndpointFigures {
  readonly name: string;
  readonly requests: number;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errorRate: number;
}

/** Latencies and errors of each endpoint of the mix (a workload step's name), over a whole phase. */
export class EndpointRecorder {
  private readonly seen = new Map<string, { latencies: number[]; errors: number }>();

  record(name: string, ms: number, ok: boolean): void {
    let endpoint = this.seen.get(name);
    if (!endpoint) {
      endpoint = { latencies: [], errors: 0 };
      this.seen.set(name, endpoint);
    }
    endpoint.latencies.push(ms);
    if (!ok) endpoint.errors++;
  }

  /** Busiest first; `seconds` is how long the phase ran. */
  figures(seconds: number): EndpointFigures[] {
    return [...this.seen]
      .map(([name, { latencies, errors }]) => {
        const sorted = [...latencies].sort((a, b) => a - b);
        return {
          name,
          requests: sorted.length,
          requestsPerSecond: sorted.length / seconds,
          p50Ms: Math.round(percentile(sorted, 50)),
          p99Ms: Math.round(percentile(sorted, 99)),
          errorRate: errors / sorted.length,
        };
      })
      .sort((a, b) => b.requests - a.requests);
  }
}

export function endpointTable(rows: readonly EndpointFigures[]): string {
  const width = Math.max(8, ...rows.map((row) => row.name.length));
  const lines = rows.map(
    (row) =>
      `${row.name.padEnd(width)} ${String(row.requests).padStart(8)} ${row.requestsPerSecond.toFixed(1).padStart(7)} ${String(row.p50Ms).padStart(6)} ${String(row.p99Ms).padStart(6)} ${(row.errorRate * 100).toFixed(2).padStart(7)}`,
  );
  return [`${'endpoint'.padEnd(width)} requests   req/s p50 ms p99 ms errors %`, ...lines].join('\n');
}

/**
 * Resident memory of a Node process and of the Node processes it started (the app's HTTP processes), in
 * MB. Other children, such as ffmpeg transcoding an upload, come and go: they are not what a leak grows.
 */
export function treeRssMb(pid: number): number {
  let kilobytes = 0;
  let node: string | undefined;
  const visit = (id: number) => {
    try {
      const executable = readlinkSync(`/proc/${id}/exe`);
      node ??= executable;
      if (executable !== node) return;
      kilobytes += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
      for (const thread of readdirSync(`/proc/${id}/task`)) {
        const children = readFileSync(`/proc/${id}/task/${thread}/children`, 'utf8').trim();
        for (const child of children ? children.split(' ') : []) visit(Number(child));
      }
    } catch {
      // The process ended while it was read: it holds no memory any more.
    }
  };
  visit(pid);
  return kilobytes / 1024;
}
