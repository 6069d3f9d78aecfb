import { expect, test } from 'vitest';
import { addTags, TAGS_MAX } from './tag-entry';

test('typed tags are split, normalised and kept once', () => {
  expect(addTags([], '#Beach  Été,summer')).toEqual(['beach', 'ete', 'summer']);
  expect(addTags(['beach'], 'BEACH #beach')).toEqual(['beach']);
  expect(addTags([], '   ')).toEqual([]);
});

test('no more than the server takes', () => {
  const many = Array.from({ length: TAGS_MAX + 5 }, (_, index) => `tag${index}`).join(' ');
  expect(addTags([], many)).toHaveLength(TAGS_MAX);
  expect(addTags([], 'x'.repeat(100))[0]).toHaveLength(64);
});
