import { expect, test } from 'vitest';
import { followUpPath, followUpUrl } from './follow-up-link';

test("the follow-up link is the e-mail's address: /complaint/follow-up/{token}, on the page's origin in full", () => {
  expect(followUpPath('abc_DEF-123')).toBe('/complaint/follow-up/abc_DEF-123');
  expect(followUpUrl('https://velvet.example', 'abc_DEF-123')).toBe('https://velvet.example/complaint/follow-up/abc_DEF-123');
  expect(followUpPath('a/b?c')).toBe('/complaint/follow-up/a%2Fb%3Fc');
});
