import { describe, expect, test } from 'vitest';
import {
  accountCookies,
  allowsCategory,
  applyConsent,
  cookieExpiry,
  cookieRules,
  heldCookies,
  parseConsent,
  readCookie,
  serializeConsent,
  serializeCookie,
  storageFor,
} from './cookies';

const DAY = 24 * 60 * 60;

test('cookies are read by exact name', () => {
  expect(readCookie('xsetLang=fr; setLang=cs-CZ', 'setLang')).toBe('cs-CZ');
  expect(readCookie(null, 'setLang')).toBeUndefined();
  expect(readCookie('setLang=%E0%A4%A', 'setLang')).toBeUndefined();
});

describe('lifetimes', () => {
  test.each([
    ['autoplay', 730],
    ['have18', 730],
    ['sawTutorial', 730],
    ['likeBanner', 14],
    ['setLang', 730],
    ['keyboardTutorial', 60],
    ['firstAskAddHomeScreen', 730],
    ['secondAskAddHomeScreen', 42],
    ['prefersDarkScheme', 730],
    ['lgbtPreference', 365],
    ['country', 365],
    ['videoNotPlayablePopup', 14],
    ['consent', 365],
    ['themeColor', 730],
  ] as const)('%s lasts %i days', (name, days) => {
    expect(cookieRules[name].days).toBe(days);
    expect(serializeCookie(name, '1', { storage: 'lasting', secure: false })).toContain(`; Max-Age=${days * DAY};`);
    expect(cookieExpiry(name, new Date(0)).getTime()).toBe(days * DAY * 1000);
  });

  test('a session cookie has no lifetime, and Secure is set on HTTPS', () => {
    expect(serializeCookie('setLang', 'ar-SA', { storage: 'session', secure: true })).toBe(
      'setLang=ar-SA; Path=/; SameSite=Lax; Secure',
    );
  });
});

describe('consent', () => {
  test('round-trips through its cookie, "reject all" included', () => {
    expect(serializeConsent(['marketing', 'preferences'])).toBe('necessary.preferences.marketing');
    expect(parseConsent('necessary.preferences.marketing')).toEqual(['preferences', 'marketing']);
    expect(parseConsent(serializeConsent([]))).toEqual([]);
  });

  test('no cookie or a broken one means no choice yet', () => {
    expect(parseConsent(undefined)).toBeUndefined();
    expect(parseConsent('preferences')).toBeUndefined();
    expect(parseConsent('necessary.bogus')).toEqual([]);
  });

  test('necessary cookies need no consent; others need their category', () => {
    expect(allowsCategory(undefined, 'necessary')).toBe(true);
    expect(allowsCategory(undefined, 'preferences')).toBe(false);
    expect(allowsCategory(['statistics'], 'preferences')).toBe(false);
    expect(allowsCategory(['preferences'], 'preferences')).toBe(true);
  });
});

describe('storage under a consent', () => {
  test('have18 and consent always last', () => {
    expect(storageFor('have18', undefined)).toBe('lasting');
    expect(storageFor('consent', [])).toBe('lasting');
  });

  test('preference cookies last only when preferences are allowed', () => {
    expect(storageFor('sawTutorial', ['preferences'])).toBe('lasting');
    expect(storageFor('sawTutorial', ['statistics', 'marketing'])).toBe('none');
    expect(storageFor('keyboardTutorial', undefined)).toBe('none');
  });

  test('settings picked on screen are kept for the session without that consent', () => {
    for (const name of ['setLang', 'prefersDarkScheme', 'themeColor', 'lgbtPreference', 'autoplay'] as const) {
      expect(storageFor(name, [])).toBe('session');
      expect(storageFor(name, ['preferences'])).toBe('lasting');
    }
  });

  test('applying a consent writes the choice and moves the held cookies to their new storage', () => {
    const held = heldCookies('have18=1; setLang=de-DE; sawTutorial=1; other=x');
    expect(held).toEqual({ have18: '1', setLang: 'de-DE', sawTutorial: '1' });
    expect(applyConsent([], held, false)).toEqual([
      `consent=necessary; Path=/; Max-Age=${365 * DAY}; SameSite=Lax`,
      `have18=1; Path=/; Max-Age=${730 * DAY}; SameSite=Lax`,
      'setLang=de-DE; Path=/; SameSite=Lax',
      'sawTutorial=; Path=/; Max-Age=0; SameSite=Lax',
    ]);
    expect(applyConsent(['preferences'], { prefersDarkScheme: '2' }, false)).toEqual([
      `consent=necessary.preferences; Path=/; Max-Age=${365 * DAY}; SameSite=Lax`,
      `prefersDarkScheme=2; Path=/; Max-Age=${730 * DAY}; SameSite=Lax`,
    ]);
  });
});

test('preferences saved with the account are written as far as the consent allows', () => {
  const saved = { setLang: 'de-DE', sawTutorial: '1', consent: 'necessary', unknownName: 'x' };
  expect(accountCookies(saved, ['preferences'], true)).toEqual([
    `setLang=de-DE; Path=/; Max-Age=${730 * DAY}; SameSite=Lax; Secure`,
    `sawTutorial=1; Path=/; Max-Age=${730 * DAY}; SameSite=Lax; Secure`,
  ]);
  // Without preference consent a setting lasts the session and a "seen it" flag is not kept at all.
  expect(accountCookies(saved, undefined, false)).toEqual(['setLang=de-DE; Path=/; SameSite=Lax']);
});
