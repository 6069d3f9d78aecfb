import { expect, test } from 'vitest';
import { cutDescription } from './meta';

test('meta descriptions are cut at 420 characters', () => {
  expect(cutDescription('short')).toBe('short');
  const cut = cutDescription('é'.repeat(500));
  expect(Array.from(cut)).toHaveLength(420);
  expect(cut.endsWith('…')).toBe(true);
});
