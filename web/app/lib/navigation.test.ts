import { expect, test } from 'vitest';
import { hasPreviousEntry, isMainSection } from './navigation';

test('a previous page of the site exists only past the first history entry React Router made', () => {
  expect(hasPreviousEntry({ idx: 2, key: 'a' })).toBe(true);
  expect(hasPreviousEntry({ idx: 0, key: 'a' })).toBe(false);
  expect(hasPreviousEntry(null)).toBe(false);
  expect(hasPreviousEntry({ usr: 'elsewhere' })).toBe(false);
});

test('the main sections and their orientation forms are the top level', () => {
  for (const path of ['/', '/gay', '/trans', '/following', '/popular-gay', '/tag', '/playlist-trans', '/search', '/search/'])
    expect(isMainSection(path), path).toBe(true);
  for (const path of ['/tag/dance', '/video', '/demo', '/legal/terms', '/settings', '/gayer', '/following/3'])
    expect(isMainSection(path), path).toBe(false);
});
