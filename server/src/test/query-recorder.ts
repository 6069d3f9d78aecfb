import pg from 'pg';

export interface RecordedQuery {
  readonly text: string;
  readonly values: unknown[];
}

/**
 * Records every statement any pg client sends while `run` is under way (how many round trips a request
 * costs, or which statement to EXPLAIN). The recording ends with `run`, however it ends.
 */
export async function recordQueries<T>(run: () => Promise<T>): Promise<{ result: T; queries: RecordedQuery[] }> {
  const original = pg.Client.prototype.query;
  const queries: RecordedQuery[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    if (typeof first === 'string') queries.push({ text: first, values: second ?? [] });
    else if (first && typeof first === 'object' && 'text' in first)
      queries.push({ text: first.text, values: first.values ?? [] });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { result: await run(), queries };
  } finally {
    pg.Client.prototype.query = original;
  }
}
