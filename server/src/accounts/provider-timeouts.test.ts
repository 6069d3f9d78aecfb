import { afterAll, beforeAll, expect, test } from 'vitest';
import { type SilentServer, startSilentServer } from '../test/silent-server.ts';
import { AppleCodeExchange } from './apple-code.ts';
import { IdTokenVerifier } from './id-tokens.ts';
import { type LocalIssuer, startLocalIssuer, TEST_CLIENT_ID } from './test-oidc-issuer.ts';

const BOUND_MS = 300;
let silent: SilentServer;
let issuer: LocalIssuer;

beforeAll(async () => {
  [silent, issuer] = await Promise.all([startSilentServer(), startLocalIssuer()]);
});

afterAll(async () => {
  await Promise.all([silent?.close(), issuer?.close()]);
});

test('a key set (JWKS) server that accepts and never answers fails the sign-in as social_login_failed within the bound', async () => {
  const verifier = new IdTokenVerifier('google', {
    clientId: TEST_CLIENT_ID,
    issuer: issuer.url,
    jwksUrl: `${silent.url}/jwks`,
    timeoutMs: BOUND_MS,
  });
  const token = await issuer.idToken({ sub: 'subject-1', nonce: 'n-1' });
  const before = silent.connections();
  const started = Date.now();
  await expect(verifier.verify(token, 'n-1')).rejects.toMatchObject({ code: 'social_login_failed' });
  expect(Date.now() - started).toBeLessThan(3000);
  expect(silent.connections()).toBeGreaterThan(before);
});

test("Apple's token endpoint accepting and never answering fails the exchange as social_login_failed within the bound", async () => {
  const exchange = new AppleCodeExchange({
    clientId: TEST_CLIENT_ID,
    issuer: issuer.url,
    tokenUrl: `${silent.url}/token`,
    teamId: 'TEAM123',
    keyId: 'KEY123',
    privateKey: String(issuer.env.APPLE_PRIVATE_KEY).replaceAll('\\n', '\n'),
    redirectUri: 'http://localhost:3000/login',
    timeoutMs: BOUND_MS,
  });
  const before = silent.connections();
  const started = Date.now();
  await expect(exchange.exchange('code-1')).rejects.toMatchObject({ code: 'social_login_failed' });
  expect(Date.now() - started).toBeLessThan(3000);
  expect(silent.connections()).toBeGreaterThan(before);
});
