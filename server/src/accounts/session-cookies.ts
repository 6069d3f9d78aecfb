import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { ACCESS_COOKIE, ANONYMOUS_COOKIE, REFRESH_COOKIE } from './auth.plugin.ts';
import type { IssuedSession } from './session.service.ts';

/** httpOnly so page scripts never see the tokens; Lax so a link from elsewhere still arrives logged in. */
export function cookieOptions(baseUrl: string): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: baseUrl.startsWith('https:'), path: '/' };
}

/**
 * Puts a session's tokens into the spec's cookies (§4): a user's access token in `authorization` with its
 * refresh token in `refresh`, clearing the visitor's `anonymous`; a visitor's token in `anonymous`,
 * clearing the other two. A browser thus holds one kind of session at a time: a visitor token left beside
 * a user's refresh cookie once made the page session skip renewal and the API cache treat the user as a
 * visitor. Keeping visitors out of `authorization` lets the anonymous answer cache of spec §7 serve them.
 */
export function setSessionCookies(reply: FastifyReply, baseUrl: string, issued: IssuedSession): void {
  const options = cookieOptions(baseUrl);
  const accessSeconds = Math.max(1, issued.session.exp - Math.floor(Date.now() / 1000));
  const held = reply.request.cookies ?? {};
  if (issued.refresh) {
    reply.setCookie(ACCESS_COOKIE, issued.session.accessToken, { ...options, maxAge: accessSeconds });
    reply.setCookie(REFRESH_COOKIE, issued.refresh.token, { ...options, maxAge: issued.refresh.maxAgeSeconds });
    if (held[ANONYMOUS_COOKIE] !== undefined) reply.clearCookie(ANONYMOUS_COOKIE, options);
    return;
  }
  reply.setCookie(ANONYMOUS_COOKIE, issued.session.accessToken, { ...options, maxAge: accessSeconds });
  if (held[ACCESS_COOKIE] !== undefined) reply.clearCookie(ACCESS_COOKIE, options);
  if (held[REFRESH_COOKIE] !== undefined) reply.clearCookie(REFRESH_COOKIE, options);
}
