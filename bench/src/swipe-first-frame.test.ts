import { expect, test } from 'vitest';
import { percentile } from './swipe-first-frame.ts';

test('percentiles by nearest rank', () => {
  const times = [40, 10, 30, 20, 100];
  expect(percentile(times, 0.5)).toBe(30);
  expect(percentile(times, 0.95)).toBe(100);
  expect(percentile(times, 0)).toBe(10);
  expect(percentile([], 0.5)).toBeNaN();
});
