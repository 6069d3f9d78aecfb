import { describe, expect, test } from 'vitest';
import { countryName, formatChange, formatDay, formatDuration, formatMetric } from './analytics-format';

describe('analytics formatting', () => {
  test('durations take the largest readable unit', () => {
    expect(formatDuration(4500, 'en-US')).toBe('4.5 sec');
    expect(formatDuration(150_000, 'en-US')).toBe('2.5 min');
    expect(formatDuration(36_000_000, 'en-US')).toBe('10 hr');
  });

  test('counts, rates and days follow the locale, with Latin digits everywhere', () => {
    expect(formatMetric('count', 1234567, 'de-DE')).toBe('1.234.567');
    expect(formatMetric('count', 1234567, 'en-US', true)).toBe('1.2M');
    expect(formatMetric('rate', 0.256, 'en-US')).toBe('25.6%');
    expect(formatMetric('count', 1500, 'ar')).toBe('1,500');
    expect(formatDay('2026-03-04', 'en-US')).toBe('Mar 4');
    expect(formatDay('2026-03-04', 'en-US', true)).toBe('Wednesday, March 4, 2026');
  });

  test('changes are relative for counts and in points for rates; nothing to compare with gives none', () => {
    expect(formatChange('count', 120, 100, 'en-US')).toBe('+20%');
    expect(formatChange('count', 80, 100, 'en-US')).toBe('-20%');
    expect(formatChange('count', 5, 0, 'en-US')).toBeUndefined();
    expect(formatChange('rate', 0.3, 0.25, 'en-US')).toBe('+5%');
    expect(formatChange('count', 100, 100, 'en-US')).toBe('0%');
  });

  test('country codes become names; unknown ones stay', () => {
    expect(countryName('DE', 'en-US')).toBe('Germany');
    expect(countryName('DE', 'fr-FR')).toBe('Allemagne');
    expect(countryName('unknown', 'en-US')).toBe('unknown');
  });
});
