import autocannon from 'autocannon';
import type { Entry } from './entries.ts';

export interface LoadOptions {
  readonly connections: number;
  readonly seconds: number;
}

export interface Measurement {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly requests: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
}

/** Aborting `signal` (Ctrl-C) stops the load at once and rejects. */
export async function load(baseUrl: string, entry: Entry, options: LoadOptions, signal: AbortSignal): Promise<Measurement> {
  signal.throwIfAborted();
  let instance: autocannon.Instance | undefined;
  const stop = () => instance?.stop();
  signal.addEventListener('abort', stop);
  let sent = 0;
  const start = Date.now();
  const result = await new Promise<autocannon.Result>((done, fail) => {
    instance = autocannon(
      {
        url: new URL(entry.path, baseUrl).href,
        method: entry.method,
        headers: entry.headers,
        body: entry.body,
        connections: options.connections,
        duration: options.seconds,
        ...(entry.uncached && {
          requests: [{ setupRequest: (request) => ({ ...request, path: `${entry.path}&t=${start - sent++}` }) }],
        }),
      },
      (error, result) => (error ? fail(error) : done(result)),
    );
  }).finally(() => signal.removeEventListener('abort', stop));
  signal.throwIfAborted();
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** One request before the load, so a wrong answer fails the run instead of being benchmarked. */
export async function check(baseUrl: string, entry: Entry, signal: AbortSignal): Promise<string | undefined> {
  const request = { method: entry.method, headers: entry.headers, body: entry.body, signal };
  const response = await fetch(new URL(entry.path, baseUrl), request);
  const body = await response.text();
  if (response.status !== 200) return `status ${response.status}: ${body.slice(0, 200)}`;
  const fragment = entry.expect?.bodyIncludes;
  if (fragment && !body.includes(fragment)) return `body lacks ${JSON.stringify(fragment)}: ${body.slice(0, 200)}`;
  return undefined;
}
