import { describe, expect, test } from 'vitest';
import { withinTimeLimit } from './time-limit';

const never = () => new Promise<never>(() => undefined);

describe('withinTimeLimit', () => {
  test('answers what the task answers in time', async () => {
    await expect(withinTimeLimit(1_000, async () => 'done')).resolves.toBe('done');
  });

  test('answers undefined when time runs out, even if the task ignores its signal, and aborts the task', async () => {
    let taskSignal: AbortSignal | undefined;
    const answer = await withinTimeLimit(20, (signal) => {
      taskSignal = signal;
      return never();
    });
    expect(answer).toBeUndefined();
    expect(taskSignal?.aborted).toBe(true);
    expect(taskSignal?.reason).toMatchObject({ name: 'TimeoutError' });
  });

  test("a task's own failure in time is the caller's to see", async () => {
    await expect(withinTimeLimit(1_000, async () => Promise.reject(new Error('no decoder')))).rejects.toThrow('no decoder');
  });

  test("the caller's abort is rethrown, before and during the task, and reaches the task", async () => {
    const before = new AbortController();
    before.abort(new DOMException('cancelled', 'AbortError'));
    await expect(withinTimeLimit(1_000, async () => 'done', before.signal)).rejects.toThrow('cancelled');

    const during = new AbortController();
    let taskSignal: AbortSignal | undefined;
    const running = withinTimeLimit(
      1_000,
      (signal) =>
        new Promise((_, reject) => {
          taskSignal = signal;
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
      during.signal,
    );
    during.abort(new DOMException('cancelled', 'AbortError'));
    await expect(running).rejects.toThrow('cancelled');
    expect(taskSignal?.aborted).toBe(true);

    const ignored = new AbortController();
    const ignoring = withinTimeLimit(60_000, never, ignored.signal);
    ignored.abort(new DOMException('cancelled', 'AbortError'));
    await expect(ignoring).rejects.toThrow('cancelled');
  });
});
