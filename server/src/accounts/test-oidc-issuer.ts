import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify, SignJWT } from 'jose';

/** The audience our test app is configured with. */
export const TEST_CLIENT_ID = 'velvet-test-client';

export interface LocalIssuer {
  readonly url: string;
  /** Settings that point the app's Google and Apple login at this issuer. */
  readonly env: Record<string, string>;
  /** An id token signed with the issuer's key; `claims` override the defaults, `key: 'foreign'` signs with another key. */
  idToken(claims: Record<string, unknown>, options?: { key?: 'own' | 'foreign'; expiresIn?: number }): Promise<string>;
  /** Codes the token endpoint exchanges, with the claims of the id token it answers. */
  readonly codes: Map<string, Record<string, unknown>>;
  /** Client secrets the token endpoint received, to check how they were signed. */
  readonly clientSecrets: string[];
  close(): Promise<void>;
}

/**
 * A real OpenID Connect issuer on loopback for tests: serves its JWKS over HTTP, signs id tokens with a
 * generated RSA key and runs an Apple-style token endpoint that checks the ES256 client secret.
 */
export async function startLocalIssuer(): Promise<LocalIssuer> {
  const own = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const team = await generateKeyPair('ES256', { extractable: true });
  const teamPem = await exportPKCS8(team.privateKey);
  const jwk = { ...(await exportJWK(own.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, Record<string, unknown>>();
  const clientSecrets: string[] = [];
  let url = '';

  const idToken: LocalIssuer['idToken'] = (claims, { key = 'own', expiresIn = 600 } = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1' })
      .setIssuer((claims.iss as string | undefined) ?? url)
      .setAudience((claims.aud as string | undefined) ?? TEST_CLIENT_ID)
      .setSubject(String(claims.sub ?? 'subject-1'))
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .sign(key === 'own' ? own.privateKey : foreign.privateKey);
  };

  const server: Server = createServer(async (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/jwks') return answer(200, { keys: [jwk] });
    if (request.method === 'POST' && request.url === '/token') {
      let text = '';
      for await (const chunk of request) text += chunk;
      const form = new URLSearchParams(text);
      const secret = form.get('client_secret') ?? '';
      clientSecrets.push(secret);
      try {
        const publicKey = await importSPKI(await exportSPKI(team.publicKey), 'ES256');
        await jwtVerify(secret, publicKey, { issuer: 'TEAM123', subject: TEST_CLIENT_ID, audience: url });
      } catch {
        return answer(400, { error: 'invalid_client' });
      }
      const claims = codes.get(form.get('code') ?? '');
      if (!claims || form.get('grant_type') !== 'authorization_code') return answer(400, { error: 'invalid_grant' });
      return answer(200, { id_token: await idToken(claims), token_type: 'Bearer' });
    }
    answer(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: {
      GOOGLE_CLIENT_ID: TEST_CLIENT_ID,
      GOOGLE_ISSUER: url,
      GOOGLE_JWKS_URL: `${url}/jwks`,
      APPLE_CLIENT_ID: TEST_CLIENT_ID,
      APPLE_ISSUER: url,
      APPLE_JWKS_URL: `${url}/jwks`,
      APPLE_TOKEN_URL: `${url}/token`,
      APPLE_TEAM_ID: 'TEAM123',
      APPLE_KEY_ID: 'KEY123',
      APPLE_PRIVATE_KEY: teamPem.replaceAll('\n', '\\n'),
    },
    idToken,
    codes,
    clientSecrets,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
