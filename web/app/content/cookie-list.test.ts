// The server's request types gain `cookies` from this plugin; the web project does not load it otherwise.
import type {} from '@fastify/cookie';
import { describe, expect, test } from 'vitest';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../../server/src/accounts/auth.plugin.ts';
import { cookieRules } from '../lib/cookies';
import { cookieRows } from './cookie-list.server';

describe('cookie policy table', () => {
  test('lists the session cookies the server sets and every cookie of lib/cookies, once', () => {
    const names = cookieRows('en-US').map((row) => row.name);
    expect(names.slice(0, 2)).toEqual([ACCESS_COOKIE, REFRESH_COOKIE]);
    expect(names.slice(2)).toEqual(Object.keys(cookieRules));
    expect(new Set(names).size).toBe(names.length);
  });

  test('writes the lifetimes of the spec in the page language', () => {
    const english = Object.fromEntries(cookieRows('en-US').map((row) => [row.name, row]));
    expect(english.have18).toMatchObject({ category: 'necessary', lifetime: '730 days' });
    expect(english.keyboardTutorial?.lifetime).toBe('60 days');
    expect(english.lgbtPreference).toMatchObject({ category: 'preferences', lifetime: '365 days' });
    expect(english.refresh?.lifetime).toBe('30 days');
    expect(english.authorization?.lifetime).toBe('15 minutes or 1 day');
    const german = Object.fromEntries(cookieRows('de-DE').map((row) => [row.name, row.lifetime]));
    expect(german.have18).toBe('730 Tage');
  });
});
