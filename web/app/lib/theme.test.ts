import { expect, test } from 'vitest';
import { accentFromCookie, themeCookieValue, themeFromCookie } from './theme';

test('the theme round-trips through prefersDarkScheme: 0 browser, 1 light, 2 dark', () => {
  for (const theme of ['system', 'light', 'dark'] as const) expect(themeFromCookie(themeCookieValue(theme))).toBe(theme);
  expect(themeCookieValue('dark')).toBe('2');
  expect(themeFromCookie('7')).toBe('system');
});

test('an unknown accent falls back to violet', () => {
  expect(accentFromCookie('gold')).toBe('gold');
  expect(accentFromCookie('green')).toBe('violet');
  expect(accentFromCookie(undefined)).toBe('violet');
});
