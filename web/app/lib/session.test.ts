import { describe, expect, test } from 'vitest';
import { bioHtml } from '../components/account/BioText';
import { renewalDelay, safeNextPath } from './session';
import { tokenExpiry } from './session.server';

describe('session renewal (spec §4)', () => {
  test('renews 20 s before expiry, and at once when the token has expired or is about to', () => {
    const now = 1_000_000_000_000;
    const exp = now / 1000 + 15 * 60;
    expect(renewalDelay(exp, now)).toBe(15 * 60_000 - 20_000);
    expect(renewalDelay(now / 1000 + 10, now)).toBe(0);
    expect(renewalDelay(now / 1000 - 60, now)).toBe(0);
  });

  test('reads the expiry of a JWT without trusting anything else in it', () => {
    const payload = Buffer.from(JSON.stringify({ sub: '7', exp: 1_900_000_000 })).toString('base64url');
    expect(tokenExpiry(`header.${payload}.signature`)).toBe(1_900_000_000);
    expect(tokenExpiry('not-a-token')).toBeUndefined();
    expect(tokenExpiry(`header.${Buffer.from('{"exp":"soon"}').toString('base64url')}.sig`)).toBeUndefined();
    expect(tokenExpiry(undefined)).toBeUndefined();
  });
});

describe('the next parameter of /login', () => {
  test('only leads to a path of this site', () => {
    expect(safeNextPath('/settings?tab=1')).toBe('/settings?tab=1');
    for (const next of [null, '', 'https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(safeNextPath(next), String(next)).toBe('/');
    }
    expect(safeNextPath('/a/..//evil.example/x')).toBe('/');
    expect(safeNextPath('/\t/evil.example/x')).toBe('/x');
  });

  test('leads to the page, never to a React Router data address', () => {
    expect(safeNextPath('/notifications.data')).toBe('/notifications');
    expect(safeNextPath('/new-post.data?_routes=routes%2Fnew-post&x=1')).toBe('/new-post?x=1');
    expect(safeNextPath('/_root.data')).toBe('/');
    expect(safeNextPath('/tag/yoga/_.data?index')).toBe('/tag/yoga/');
  });
});

describe('bio rendering', () => {
  test('turns stored tag elements into links to the tag pages and leaves the rest as stored', () => {
    expect(bioHtml('Hi <b>there</b> <tag id="12">Yoga</tag>!')).toBe('Hi <b>there</b> <a href="/tag/yoga">#Yoga</a>!');
    expect(bioHtml('<tag id="x" onclick="a">Yoga</tag>')).toBe('<tag id="x" onclick="a">Yoga</tag>');
  });
});
