import { describe, expect, test } from 'vitest';
import { isChunkLoadError, shouldReloadAfterChunkError } from './chunk-errors';

describe('failed chunk loads', () => {
  test('reload at most once per 60 s', () => {
    expect(shouldReloadAfterChunkError(undefined, 1000)).toBe(true);
    expect(shouldReloadAfterChunkError(1000, 60_999)).toBe(false);
    expect(shouldReloadAfterChunkError(1000, 61_000)).toBe(true);
    expect(shouldReloadAfterChunkError(Number.NaN, 5)).toBe(true);
  });

  test('are recognised by the messages of each browser', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://v.test/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError('error loading dynamically imported module: x')).toBe(true);
    expect(isChunkLoadError(new Error('Network error'))).toBe(false);
  });
});
