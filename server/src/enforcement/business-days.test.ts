import { describe, expect, test } from 'vitest';
import { addBusinessDays } from './business-days.ts';

describe('business days (UTC, Monday to Friday)', () => {
  test('ten business days from a Friday end on the Friday two weeks later, same time', () => {
    expect(addBusinessDays(new Date('2026-11-27T15:00:00Z'), 10).toISOString()).toBe('2026-12-11T15:00:00.000Z');
  });
  test('a weekday start skips the weekends in between', () => {
    expect(addBusinessDays(new Date('2026-11-25T09:30:00Z'), 3).toISOString()).toBe('2026-11-30T09:30:00.000Z');
  });
  test('a start on Saturday or Sunday counts from the Monday', () => {
    expect(addBusinessDays(new Date('2026-11-28T10:00:00Z'), 1).toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(addBusinessDays(new Date('2026-11-29T23:59:00Z'), 10).toISOString()).toBe('2026-12-14T23:59:00.000Z');
  });
});
