import { expect, test } from 'vitest';
import { coverMessageKey, formatMoment } from './cover-messages';

test('moments read as minutes, seconds and tenths', () => {
  expect([0, 949, 1000, 65_349, 600_000].map(formatMoment)).toEqual(['0:00.0', '0:00.9', '0:01.0', '1:05.3', '10:00.0']);
});

test('codes without a message of their own read as the generic one', () => {
  expect(coverMessageKey('picture_too_small')).toBe('cover.errors.picture_too_small');
  expect(coverMessageKey('body_too_large')).toBe('cover.errors.file_too_large');
  expect(coverMessageKey('media_transcode_failed')).toBe('cover.errors.generic');
  expect(coverMessageKey(null)).toBe('cover.errors.generic');
});
