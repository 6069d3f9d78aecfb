import { describe, expect, test } from 'vitest';
import { fileSize } from './file-size';

describe('fileSize', () => {
  test('picks the unit that keeps the number at least 1', () => {
    expect(fileSize(10, 'en')).toBe('10 byte');
    expect(fileSize(3_400_000, 'en')).toBe('3.4 MB');
  });
});
