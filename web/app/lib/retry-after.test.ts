import { describe, expect, test } from 'vitest';
import { parseRetryAfter, retryTime } from './retry-after';

describe('Retry-After', () => {
  test('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-27T08:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Fri, 27 Nov 2026 09:00:00 GMT', now)).toBe(3600);
    expect(parseRetryAfter('Fri, 27 Nov 2026 07:00:00 GMT', now)).toBe(0);
    for (const value of [null, undefined, '', 'soon', '-5']) expect(parseRetryAfter(value, now), String(value)).toBeUndefined();
  });

  test('says the clock time, rounded up to the minute, with the weekday when it is another day', () => {
    const now = new Date(2026, 10, 27, 8, 0, 10);
    expect(retryTime(30 * 60, 'en-US', now)).toBe('8:31 AM');
    expect(retryTime(20 * 3600, 'en-US', now)).toBe('Saturday 4:01 AM');
  });
});
