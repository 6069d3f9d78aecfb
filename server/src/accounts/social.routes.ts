import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Config } from '../config.ts';
import { envelope, OK_ACTION } from '../http/envelope.ts';
import { sessionUserId } from './auth.plugin.ts';
import type { Provider } from './id-tokens.ts';
import { NONCE_SECONDS } from './login-nonces.ts';
import { setSessionCookies } from './session-cookies.ts';
import type { SocialLoginService } from './social-login.service.ts';

export interface SocialRoutesOptions {
  readonly social: SocialLoginService;
  readonly auth: Config['auth'];
  readonly baseUrl: string;
}

/** The nonce a provider must echo in its id token, server-signed, kept in this browser (10 minutes, one use). */
const NONCE_COOKIE = 'login_nonce';

const IdToken = Type.Object({ token: Type.String({ minLength: 20, maxLength: 8192 }) });

export default async function socialRoutes(app: FastifyInstance, { social, auth, baseUrl }: SocialRoutesOptions) {
  const loginLimit = { max: auth.loginRateLimit, timeWindow: 5 * 60_000 };
  const cookie = { httpOnly: true, sameSite: 'lax' as const, secure: baseUrl.startsWith('https:'), path: '/api/' };
  const langOf = (request: FastifyRequest) => request.client.locale.slice(0, 2);

  /** Reads and spends the nonce: a token verifies against it once. */
  const takeNonce = (request: FastifyRequest, reply: FastifyReply) => {
    const nonce = request.cookies[NONCE_COOKIE];
    if (nonce !== undefined) reply.clearCookie(NONCE_COOKIE, cookie);
    return nonce;
  };

  // Which providers the login screen offers; client ids are public by design.
  app.get('/api/login-providers', async () =>
    envelope({
      google: auth.google ? { clientId: auth.google.clientId } : null,
      apple: auth.apple ? { clientId: auth.apple.clientId, redirectUri: auth.apple.redirectUri } : null,
    }),
  );

  app.post('/api/login-nonce', { config: { rateLimit: loginLimit } }, async (_request, reply) => {
    const nonce = social.issueNonce();
    reply.header('cache-control', 'no-store');
    reply.setCookie(NONCE_COOKIE, nonce, { ...cookie, maxAge: NONCE_SECONDS });
    return envelope({ nonce });
  });

  for (const provider of ['google', 'apple'] as const satisfies readonly Provider[]) {
    app.post(
      `/api/login-${provider}`,
      { schema: { body: IdToken }, config: { rateLimit: loginLimit } },
      async (request, reply) => {
        const { token } = request.body as { token: string };
        const result = await social.login(provider, token, takeNonce(request, reply), langOf(request));
        if (result.kind === 'link-required') return envelope({ linkRequired: true, email: result.email }, OK_ACTION);
        setSessionCookies(reply, baseUrl, result.issued);
        return envelope({ ...result.issued.session, created: result.created, restored: result.restored });
      },
    );

    app.post(
      `/api/login-${provider}-connect`,
      { schema: { body: IdToken }, preHandler: app.requireUser, config: { rateLimit: loginLimit } },
      async (request, reply) => {
        const { token } = request.body as { token: string };
        await social.connect(sessionUserId(request), provider, token, takeNonce(request, reply));
        return envelope({ connected: true }, OK_ACTION);
      },
    );

    app.delete(`/api/login-${provider}-connect`, { preHandler: app.requireUser }, async (request) => {
      await social.disconnect(sessionUserId(request), provider);
      return envelope({ connected: false }, OK_ACTION);
    });
  }

  app.post(
    '/api/apple-exchange-code',
    {
      schema: { body: Type.Object({ code: Type.String({ minLength: 1, maxLength: 2048, pattern: '^[A-Za-z0-9._-]+$' }) }) },
      config: { rateLimit: loginLimit },
    },
    async (request) => envelope({ IdToken: await social.exchangeAppleCode((request.body as { code: string }).code) }),
  );
}
