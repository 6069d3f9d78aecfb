import { expect, test } from 'vitest';
import { clipLength } from './clip-length';

test('a clip length reads m:ss, rounded to the second', () => {
  expect(clipLength(8)).toBe('0:08');
  expect(clipLength(59.6)).toBe('1:00');
  expect(clipLength(754.2)).toBe('12:34');
});
