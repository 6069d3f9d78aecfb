/**
 * Runs `task` for at most `ms`: its signal aborts when the caller's does or when time runs out. The answer
 * is undefined when time ran out, and the caller's abort is rethrown (so a cancel is never mistaken for a
 * slow task), both at once even if the task ignores its signal.
 */
export async function withinTimeLimit<T>(
  ms: number,
  task: (signal: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
): Promise<T | undefined> {
  signal?.throwIfAborted();
  const limited = new AbortController();
  const passOnAbort = () => limited.abort(signal?.reason);
  signal?.addEventListener('abort', passOnAbort, { once: true });
  const timer = setTimeout(() => limited.abort(new DOMException('time limit reached', 'TimeoutError')), ms);
  const interrupted = new Promise<never>((_, reject) =>
    limited.signal.addEventListener('abort', () => reject(limited.signal.reason), { once: true }),
  );
  try {
    return await Promise.race([task(limited.signal), interrupted]);
  } catch (error) {
    signal?.throwIfAborted();
    if (limited.signal.aborted) return undefined;
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', passOnAbort);
  }
}
