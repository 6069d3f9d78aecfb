import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AddressLimit } from '../http/address-limit.ts';
import { AppError } from '../http/errors.ts';
import { ACCESS_COOKIE, ANONYMOUS_COOKIE, REFRESH_COOKIE } from './auth.plugin.ts';
import type { IssuedSession, SessionService } from './session.service.ts';
import { setSessionCookies } from './session-cookies.ts';

/** Paths the server answers itself; everything else is a page of the web app (or one of its files). */
const SERVER_PREFIXES = ['/api/', '/media-api/', '/media/', '/thumber/', '/translations/', '/ws/', '/simicheck/', '/assets/'];

/** A document request or a React Router data request (`/path.data`), which runs the same loaders. */
function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const path = request.url.split('?')[0] ?? '';
  if (SERVER_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  return path.endsWith('.data') || String(request.headers.accept ?? '').includes('text/html');
}

/** Replaces (or removes, when value is undefined) the session cookies in the request's Cookie header. */
function rewriteCookies(request: FastifyRequest, values: Record<string, string | undefined>): void {
  const kept = String(request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !(part.slice(0, part.indexOf('=')) in values));
  const added = Object.entries(values).flatMap(([name, value]) => (value === undefined ? [] : [`${name}=${value}`]));
  request.headers.cookie = [...kept, ...added].join('; ');
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete request.cookies[name];
    else request.cookies[name] = value;
  }
}

/**
 * Spec §4 session start, on the server: a page request without a usable user access token gets one before
 * the page renders. With a refresh cookie the session is renewed (an expired access token after a long
 * absence), even when a visitor's `anonymous` cookie is still there beside it; without one, a visitor
 * keeps their token and anyone else is signed in anonymously. The page's own in-process API calls then
 * carry the new tokens, so it renders as the signed-in user at once.
 * An address that has been given its share of visitor tokens (VISITOR_TOKENS_PER_ADDRESS) gets its page
 * without one: views then count by address.
 */
export default fp(
  async function pageSession(
    app: FastifyInstance,
    options: { sessions: SessionService; baseUrl: string; visitorTokens: AddressLimit },
  ) {
    const { sessions, baseUrl, visitorTokens } = options;
    // preHandler: after client-context has read the request's language.
    app.addHook('preHandler', async (request, reply) => {
      const { session } = request;
      if (!isPageRequest(request) || !session.anonymous || session.rejected) return;
      const refreshToken = request.cookies[REFRESH_COOKIE];
      if (!refreshToken && session.visitorId) return;
      let issued: IssuedSession | undefined;
      if (refreshToken) {
        issued = await sessions.refresh(refreshToken).catch((error: unknown) => {
          if (error instanceof AppError) return undefined;
          throw error;
        });
      }
      if (!issued && !visitorTokens.take(request.ip)) return;
      issued ??= await sessions.anonymous(request.client.locale.slice(0, 2));
      setSessionCookies(reply, baseUrl, issued);
      const token = issued.session.accessToken;
      rewriteCookies(
        request,
        issued.refresh
          ? { [ACCESS_COOKIE]: token, [REFRESH_COOKIE]: issued.refresh.token, [ANONYMOUS_COOKIE]: undefined }
          : { [ANONYMOUS_COOKIE]: token, [ACCESS_COOKIE]: undefined, [REFRESH_COOKIE]: undefined },
      );
      request.session = await sessions.resolve(token);
    });
  },
  { name: 'page-session', dependencies: ['auth', 'client-context'] },
);
