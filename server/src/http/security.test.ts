import { describe, expect, test } from 'vitest';
import { rateLimitKey } from './security.ts';

describe('the global rate limit key', () => {
  test('is the peer address, IPv6 by its /64 network', () => {
    expect(rateLimitKey({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(rateLimitKey({ ip: '2001:db8:1:2:aaaa::1' })).toBe(rateLimitKey({ ip: '2001:db8:1:2:bbbb::9' }));
    expect(rateLimitKey({ ip: '2001:db8:1:2::1' })).not.toBe(rateLimitKey({ ip: '2001:db8:1:3::1' }));
  });

  test('does not fail for a request whose client has already gone', () => {
    expect(rateLimitKey({ ip: undefined as unknown as string })).toBe('peer-gone');
  });
});
