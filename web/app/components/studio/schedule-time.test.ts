import { describe, expect, test } from 'vitest';
import { fromLocalInputValue, scheduleBounds, scheduleProblem, suggestedScheduleTime, toLocalInputValue } from './schedule-time';

describe('schedule times', () => {
  const now = new Date(2026, 10, 27, 12, 3, 30);

  test('a local input value names the same moment both ways', () => {
    expect(toLocalInputValue(new Date(2026, 0, 5, 9, 7))).toBe('2026-01-05T09:07');
    expect(fromLocalInputValue('2026-01-05T09:07')?.getTime()).toBe(new Date(2026, 0, 5, 9, 7).getTime());
  });

  test('values that name no moment are refused', () => {
    expect(fromLocalInputValue('')).toBeUndefined();
    expect(fromLocalInputValue('2026-02-31T10:00')).toBeUndefined();
    expect(fromLocalInputValue('tomorrow')).toBeUndefined();
  });

  test('at least a minute ahead and at most 30 days, as the server checks', () => {
    expect(scheduleProblem(undefined, now)).toBe('invalid');
    expect(scheduleProblem(new Date(now.getTime() + 30_000), now)).toBe('tooSoon');
    expect(scheduleProblem(new Date(now.getTime() + 31 * 86_400_000), now)).toBe('tooFar');
    expect(scheduleProblem(new Date(now.getTime() + 2 * 86_400_000), now)).toBeUndefined();
  });

  test('the input offers the allowed range and starts an hour ahead on five minutes', () => {
    expect(scheduleBounds(now)).toEqual({ min: '2026-11-27T12:05', max: '2026-12-27T12:03' });
    expect(suggestedScheduleTime(now)).toEqual(new Date(2026, 10, 27, 13, 5));
  });
});
