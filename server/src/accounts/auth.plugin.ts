import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/errors.ts';
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

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
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
      request.session = await options.sessions.resolve(bearer ?? cookies[ACCESS_COOKIE] ?? cookies[ANONYMOUS_COOKIE]);
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
