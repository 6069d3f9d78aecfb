import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/errors.ts';
import { isInProcessCall } from '../http/in-process-calls.ts';
import { ANONYMOUS, type RequestSession, type SessionService } from './session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking; anonymous unless a valid access token of an active account came with the request. */
    session: RequestSession;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a logged-in user (login_required, or the account's ban/deletion code). */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyContextConfig {
    /**
     * A GET that changes state (the spec fixes its method): refused cross-site like POST, PUT and DELETE,
     * since a foreign page can make a browser send it with the cookies.
     */
    changesState?: boolean;
  }
}

export const ACCESS_COOKIE = 'authorization';
export const REFRESH_COOKIE = 'refresh';
/** A visitor's token (spec §4 "anonymous cookie token"); `authorization` is only ever a user's. */
export const ANONYMOUS_COOKIE = 'anonymous';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);

export function bearerToken(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** The token a request authenticates with: a Bearer header, else the access cookie, else a visitor's. */
function presentedToken(request: FastifyRequest): string | undefined {
  const cookies = request.cookies ?? {};
  return bearerToken(request) ?? cookies[ACCESS_COOKIE] ?? cookies[ANONYMOUS_COOKIE];
}

const PAGE_SESSION_HEADER = 'x-velvet-page-session';

/**
 * What a page's in-process API calls (web/web.plugin.ts) carry so that their session is the page's, resolved
 * once per page instead of once per call (a token check and a database read each, issue 22): the page's
 * session and the token it was resolved from. A call presenting that same token takes it; the page's
 * cookies are the call's, renewed ones included (page-session.plugin.ts). Not carried when a Bearer header
 * came with the page: the page's session may then be one renewed from its cookies, which the call, preferring
 * the header, would not use. Believed only on a call marked in-process.
 */
export function pageSessionHeaders(page: FastifyRequest): Record<string, string> {
  if (!page.session || bearerToken(page) !== undefined) return {};
  const carried = JSON.stringify({ token: presentedToken(page) ?? null, session: page.session });
  return { [PAGE_SESSION_HEADER]: Buffer.from(carried).toString('base64url') };
}

function carriedSession(request: FastifyRequest, token: string | undefined): RequestSession | undefined {
  const value = request.headers[PAGE_SESSION_HEADER];
  if (typeof value !== 'string' || !isInProcessCall(request)) return undefined;
  const carried = JSON.parse(Buffer.from(value, 'base64url').toString()) as { token: string | null; session: RequestSession };
  return carried.token === (token ?? null) ? carried.session : undefined;
}

/**
 * CSRF defence. Cookies go along with cross-site requests, so an unsafe request that relies on them must
 * come from our own pages: the browser's Sec-Fetch-Site (when sent) must say same-origin (or none, typed
 * by the user), and Origin (when sent) must be our public origin or the host the request was made to.
 * Bearer-token requests are exempt: a foreign page cannot read our token to set that header.
 * SameSite=Lax cookies already stop most of this; these checks also cover sibling subdomains and old browsers.
 */
export function assertSameOrigin(request: FastifyRequest, publicOrigin: string): void {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && !ALLOWED_FETCH_SITES.has(fetchSite)) throw new AppError('csrf_rejected');
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return;
  const ownOrigin = `${request.protocol}://${request.host}`;
  if (origin !== publicOrigin && origin !== ownOrigin) throw new AppError('csrf_rejected');
}

export default fp(
  async function auth(app: FastifyInstance, options: { sessions: SessionService; baseUrl: string }) {
    const publicOrigin = new URL(options.baseUrl).origin;
    app.decorateRequest('session', undefined as unknown as RequestSession);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (request.session.anonymous) throw new AppError(request.session.rejected ?? 'login_required');
    });

    app.addHook('onRequest', async (request) => {
      request.session = ANONYMOUS;
      const bearer = bearerToken(request);
      const cookies = request.cookies ?? {};
      const byCookie = !bearer && Boolean(cookies[ACCESS_COOKIE] || cookies[REFRESH_COOKIE]);
      const changesState = UNSAFE_METHODS.has(request.method) || request.routeOptions.config?.changesState === true;
      if (byCookie && changesState) assertSameOrigin(request, publicOrigin);
      const token = presentedToken(request);
      request.session = carriedSession(request, token) ?? (await options.sessions.resolve(token));
    });
  },
  { name: 'auth', dependencies: ['security'] },
);

/** The logged-in user's id in a route behind app.requireUser. */
export function sessionUserId(request: FastifyRequest): number {
  const { userId } = request.session;
  if (userId === undefined) throw new AppError('login_required');
  return userId;
}
