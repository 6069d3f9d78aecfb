import { describe, expect, test } from 'vitest';
import { languages } from '../../../server/src/settings/languages.ts';
import { formatCount } from './format-number';

describe('formatCount in English', () => {
  test.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1001, '1k'],
    [1999, '1k'],
    [12_345, '12k'],
    [999_999, '999k'],
    [1_000_000, '1M'],
    [1_049_999, '1M'],
    [1_250_000, '1.2M'],
    [1_299_999, '1.2M'],
    [987_654_321, '987.6M'],
    [1_234_567_890, '1,234.5M'],
  ])('count %i reads %s', (value, text) => {
    expect(formatCount(value, 'en-US')).toBe(text);
  });

  test.each([
    [1001, '1,001'],
    [10_999, '10,999'],
    [11_000, '11k'],
    [11_099, '11k'],
    [11_100, '11.1k'],
    [12_399, '12.3k'],
    [999_999, '999.9k'],
    [1_000_000, '1M'],
    [2_060_000, '2M'],
  ])('views %i read %s', (value, text) => {
    expect(formatCount(value, 'en-US', 'views')).toBe(text);
  });

  test('anything that is not a count reads as zero', () => {
    expect(formatCount(Number.NaN, 'en-US')).toBe('0');
    expect(formatCount(-5, 'en-US')).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY, 'en-US', 'views')).toBe('0');
    expect(formatCount(12.9, 'en-US')).toBe('12');
  });
});

describe('formatCount in other locales', () => {
  test('uses the decimal and grouping separators of the locale', () => {
    expect(formatCount(12_345, 'de-DE', 'views')).toBe('12,3k');
    expect(formatCount(1_500_000, 'fr-FR')).toBe('1,5M');
    expect(formatCount(1_234_567_890, 'de-DE')).toBe('1.234,5M');
    expect(formatCount(10_999, 'de-DE', 'views')).toBe('10.999');
  });

  test('writes one digit script in every language: Latin digits, like the k and M beside them', () => {
    expect(formatCount(12_345, 'ar-SA', 'views')).toBe('12.3k');
    expect(formatCount(1_200_000, 'fa-IR')).toBe('1.2M');
    expect(formatCount(12_345, 'hi-IN', 'views')).toBe('12.3k');
    for (const { bcp47 } of languages) {
      const shown = [formatCount(22_345, bcp47, 'views'), formatCount(1_234, bcp47, 'views'), formatCount(7, bcp47)];
      for (const text of shown) expect(text, bcp47).toMatch(/^[0-9.,\s\u00a0\u202f'’kM]+$/);
    }
  });
});
