import { expect, test } from 'vitest';
import { readCookie } from './cookies';

test('cookies are read by exact name', () => {
  expect(readCookie('xsetLang=fr; setLang=cs-CZ', 'setLang')).toBe('cs-CZ');
  expect(readCookie(null, 'setLang')).toBeUndefined();
});
