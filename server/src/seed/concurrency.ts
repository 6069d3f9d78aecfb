/**
 * Runs `task` over `items` with at most `limit` in flight; results keep the input order. After a failure no
 * new task starts, and the first error is thrown only once the running ones have finished, so a caller that
 * cleans up afterwards sees everything they produced.
 */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>) {
  const results = new Array<R>(items.length);
  let nextIndex = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (!failure && nextIndex < items.length) {
      const index = nextIndex++;
      try {
        results[index] = await task(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw failure.error;
  return results;
}
