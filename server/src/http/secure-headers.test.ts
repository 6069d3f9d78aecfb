import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { expect, test } from 'vitest';
import { type NonceDirective, nonceSource, secureHeaders } from './secure-headers.ts';

/** What a response received through setHeader, by lower-cased name. */
function recorder() {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  return { headers, response: response as unknown as ServerResponse };
}

const options = (nonce: NonceDirective | string): HelmetOptions => ({
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", nonce], frameAncestors: ["'self'"] } },
  crossOriginEmbedderPolicy: false,
});

test('nonces are 16 random bytes in base64, never the same twice, across pool refills', () => {
  const next = nonceSource();
  const nonces = Array.from({ length: 1000 }, next);
  for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  expect(new Set(nonces).size).toBe(1000);
  expect(nonceSource()()).not.toBe(nonceSource()());
});

test("each answer gets helmet's own headers, with its nonce in the script policy", () => {
  const nonce = 'abcdEFGH0123+/==';
  const fromHelmet = recorder();
  helmet(options(`'nonce-${nonce}'`))({} as IncomingMessage, fromHelmet.response, () => {});
  const once = secureHeaders(options);
  const answer = recorder();
  once(answer.response, nonce);
  expect(answer.headers).toEqual(fromHelmet.headers);
  expect(answer.headers.get('content-security-policy')).toContain(`script-src 'self' 'nonce-${nonce}'`);

  const next = recorder();
  once(next.response, 'another');
  expect(next.headers.get('content-security-policy')).toContain("'nonce-another'");
  expect(next.headers.get('content-security-policy')).not.toContain(nonce);
});

test('without a policy the headers are the same for every answer', () => {
  const once = secureHeaders(() => ({ contentSecurityPolicy: false }));
  const [first, second] = [recorder(), recorder()];
  once(first.response, 'one');
  once(second.response, 'two');
  expect(first.headers.has('content-security-policy')).toBe(false);
  expect(first.headers.get('x-content-type-options')).toBe('nosniff');
  expect(second.headers).toEqual(first.headers);
});
