import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { AddressLimit } from '../http/address-limit.ts';
import { envelope, OK_ACTION } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import type { AccountService } from './accounts.service.ts';
import { REFRESH_COOKIE, sessionUserId } from './auth.plugin.ts';
import type { BotCheck } from './bot-check.ts';
import type { EmailActionService } from './email-actions.service.ts';
import { PASSWORD_MAX } from './password-policy.ts';
import type { SessionService } from './session.service.ts';
import { cookieOptions, setSessionCookies } from './session-cookies.ts';

export interface AccountRoutesOptions {
  readonly accounts: AccountService;
  readonly sessions: SessionService;
  readonly emailActions: EmailActionService;
  readonly botCheck: BotCheck;
  readonly baseUrl: string;
  /** Login attempts per IP per 5 minutes (config LOGIN_RATE_LIMIT). */
  readonly loginRateLimit: number;
  /** Sign-ups per IP per 30 minutes (config SIGNUP_RATE_LIMIT). */
  readonly signupRateLimit: number;
  /** Visitor tokens per address, shared with the ones page loads mint (accounts/page-session.plugin.ts). */
  readonly visitorTokens: AddressLimit;
}

const minutes = (count: number) => count * 60_000;
/** Per-IP limits of the account endpoints (the global limit covers the rest of the API). */
const fixedLimits = {
  reset: { max: 5, timeWindow: minutes(60) },
  check: { max: 60, timeWindow: minutes(1) },
} as const;

// Lengths are generous upper bounds so absurd input is refused before any work; the rules live in the services.
const Password = Type.String({ minLength: 1, maxLength: PASSWORD_MAX * 4 });
const Token = Type.String({ minLength: 16, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' });

export default async function accountRoutes(app: FastifyInstance, options: AccountRoutesOptions) {
  const { accounts, sessions, emailActions, botCheck, baseUrl } = options;
  const limits = {
    ...fixedLimits,
    login: { max: options.loginRateLimit, timeWindow: minutes(5) },
    signup: { max: options.signupRateLimit, timeWindow: minutes(30) },
  };
  const langOf = (locale: string) => locale.slice(0, 2);

  app.post('/api/anonymous-login', async (request, reply) => {
    if (!options.visitorTokens.take(request.ip)) throw new AppError('rate_limited');
    const issued = await sessions.anonymous(langOf(request.client.locale));
    setSessionCookies(reply, baseUrl, issued);
    return envelope(issued.session);
  });

  const login = Type.Object({
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
    password: Password,
  });
  app.post('/api/login', { schema: { body: login }, config: { rateLimit: limits.login } }, async (request, reply) => {
    const body = request.body as { username?: string; email?: string; password: string };
    const identifier = body.username ?? body.email;
    if (!identifier)
      throw new AppError('invalid_input', { details: [{ field: 'body/username', problem: 'username or email is required' }] });
    const issued = await accounts.login(identifier, body.password);
    setSessionCookies(reply, baseUrl, issued);
    return envelope({ ...issued.session, restored: issued.restored });
  });

  const signup = Type.Object({
    username: Type.String({ maxLength: 64 }),
    email: Type.String({ maxLength: 320 }),
    password: Password,
    recaptchaToken: Type.Optional(Type.String({ maxLength: 4096 })),
  });
  app.post('/api/signup', { schema: { body: signup }, config: { rateLimit: limits.signup } }, async (request, reply) => {
    const body = request.body as { username: string; email: string; password: string; recaptchaToken?: string };
    await botCheck.spend(body.recaptchaToken);
    const issued = await accounts.signup(body, langOf(request.client.locale));
    setSessionCookies(reply, baseUrl, issued);
    return envelope(issued.session);
  });

  // A fresh ALTCHA challenge for the sign-up and reset forms (their proof travels as recaptchaToken).
  app.get('/api/altcha', { config: { rateLimit: limits.check } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return envelope(await botCheck.challenge(), OK_ACTION);
  });

  // Rotates the refresh token, so it is refused cross-site although the spec makes it a GET.
  app.get('/api/refresh', { config: { changesState: true } }, async (request, reply) => {
    const issued = await sessions.refresh(request.cookies[REFRESH_COOKIE]);
    setSessionCookies(reply, baseUrl, issued);
    return envelope(issued.session);
  });

  // Not named in spec §7; §4 describes logout as clearing both cookies and signing in anonymously again.
  app.post('/api/logout', async (request, reply) => {
    // Without a signed-in user this is one more way to mint a visitor token: it draws on the same allowance.
    if (request.session.userId === undefined && !options.visitorTokens.take(request.ip)) throw new AppError('rate_limited');
    await sessions.end(request.cookies[REFRESH_COOKIE], request.session);
    const issued = await sessions.anonymous(langOf(request.client.locale));
    setSessionCookies(reply, baseUrl, issued);
    return envelope(issued.session);
  });

  const checkUsername = Type.Object({ username: Type.String({ maxLength: 64 }) });
  app.post('/api/check/username', { schema: { body: checkUsername }, config: { rateLimit: limits.check } }, async (request) =>
    envelope(await accounts.checkUsername((request.body as { username: string }).username)),
  );

  const checkEmail = Type.Object({ email: Type.String({ maxLength: 320 }) });
  app.post('/api/check/email', { schema: { body: checkEmail }, config: { rateLimit: limits.check } }, async (request) =>
    envelope(await accounts.checkEmail((request.body as { email: string }).email)),
  );

  app.delete('/api/user/me', { preHandler: app.requireUser }, async (request, reply) => {
    const result = await accounts.requestDeletion(sessionUserId(request));
    const issued = await sessions.anonymous(langOf(request.client.locale));
    setSessionCookies(reply, baseUrl, issued);
    return envelope({ ...result, session: issued.session }, OK_ACTION);
  });

  const passwordChange = Type.Object({ currentPassword: Type.Optional(Password), password: Password });
  app.put(
    '/api/user/me/password',
    { schema: { body: passwordChange }, preHandler: app.requireUser, config: { rateLimit: limits.login } },
    async (request, reply) => {
      const body = request.body as { currentPassword?: string; password: string };
      const issued = await accounts.changePassword(sessionUserId(request), body.currentPassword, body.password);
      setSessionCookies(reply, baseUrl, issued);
      return envelope(issued.session);
    },
  );

  // E-mailed links. The page /action/{hash} posts its hash here to confirm the address.
  app.post('/api/action/jwt', { schema: { body: Type.Object({ hash: Token }) } }, async (request) => {
    await emailActions.confirmEmail((request.body as { hash: string }).hash);
    return envelope({ emailVerified: true }, OK_ACTION);
  });

  app.get(
    '/api/action/resend/verification',
    {
      preHandler: app.requireUser,
      // A GET by the spec, yet it voids the link sent before: refused cross-site like a POST.
      config: {
        rateLimit: { ...limits.reset, keyGenerator: (request) => `user:${request.session.userId}` },
        changesState: true,
      },
    },
    async (request) => envelope(await emailActions.resendVerification(sessionUserId(request)), OK_ACTION),
  );

  const reset = Type.Object({
    email: Type.String({ maxLength: 320 }),
    recaptchaToken: Type.Optional(Type.String({ maxLength: 4096 })),
  });
  app.post('/api/reset/', { schema: { body: reset }, config: { rateLimit: limits.reset } }, async (request) => {
    const body = request.body as { email: string; recaptchaToken?: string };
    await botCheck.spend(body.recaptchaToken);
    await emailActions.requestPasswordReset(body.email);
    return envelope({}, OK_ACTION);
  });

  const passChange = Type.Object({ x: Token });
  // Answers statusCode 1, not 2: the anonymous GET cache (spec §7) must never keep a link's state.
  app.get('/api/pass-change/:x', { schema: { params: passChange } }, async (request) =>
    envelope({ valid: true, ...(await emailActions.checkPasswordReset((request.params as { x: string }).x)) }, OK_ACTION),
  );

  app.post(
    '/api/pass-change/:x',
    { schema: { params: passChange, body: Type.Object({ password: Password }) }, config: { rateLimit: limits.reset } },
    async (request, reply) => {
      await emailActions.changePassword((request.params as { x: string }).x, (request.body as { password: string }).password);
      reply.clearCookie(REFRESH_COOKIE, cookieOptions(baseUrl));
      return envelope({}, OK_ACTION);
    },
  );
}
