import { describe, expect, test } from 'vitest';
import { formatFileSize } from './export-format';

describe('archive sizes', () => {
  test('use the largest unit below a thousand, one decimal, in the reader language with Latin digits', () => {
    expect(formatFileSize(512, 'en-US')).toBe('512 byte');
    expect(formatFileSize(12_400_000, 'en-US')).toBe('12.4 MB');
    // German puts a no-break space before the unit.
    expect(formatFileSize(3_000_000_000, 'de-DE')).toBe('3\u00a0GB');
    expect(formatFileSize(12_400_000, 'ar-SA')).toMatch(/^12[.,٫]4/);
  });
});
