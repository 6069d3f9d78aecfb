import { describe, expect, test } from 'vitest';
import { hoursBetween } from './waiting-time';

describe('hoursBetween', () => {
  test('counts whole hours and never goes below zero', () => {
    expect(hoursBetween('2026-11-27T10:00:00Z', '2026-11-28T13:59:00Z')).toBe(27);
    expect(hoursBetween('2026-11-27T10:00:00Z', '2026-11-27T09:00:00Z')).toBe(0);
  });
});
