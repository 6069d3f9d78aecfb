import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './auth.plugin.ts';
import type { IssuedSession } from './session.service.ts';

/** httpOnly so page scripts never see the tokens; Lax so a link from elsewhere still arrives logged in. */
export function cookieOptions(baseUrl: string): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: baseUrl.startsWith('https:'), path: '/' };
}

/** Puts a session's tokens into the spec's cookies (authorization, and refresh for logged-in users). */
export function setSessionCookies(reply: FastifyReply, baseUrl: string, issued: IssuedSession): void {
  const options = cookieOptions(baseUrl);
  const accessSeconds = Math.max(1, issued.session.exp - Math.floor(Date.now() / 1000));
  reply.setCookie(ACCESS_COOKIE, issued.session.accessToken, { ...options, maxAge: accessSeconds });
  if (issued.refresh) reply.setCookie(REFRESH_COOKIE, issued.refresh.token, { ...options, maxAge: issued.refresh.maxAgeSeconds });
  else reply.clearCookie(REFRESH_COOKIE, options);
}
