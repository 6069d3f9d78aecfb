import { USERNAME_PATTERN } from '../settings/settings.service.ts';
import { legalDocuments } from '../web/legal-documents.ts';

const usernamePattern = new RegExp(USERNAME_PATTERN, 'i');

/**
 * First path segments of the web app (web/app/routes.ts) and of the server, plus names that would let
 * someone pose as the site. A profile lives at /{username}, so none of these may be taken.
 */
const reservedNames = new Set(
  [
    // web/app/routes.ts, including orientation variants and legal aliases
    'choose-country',
    'choose-language',
    'contact-us',
    'contact',
    'creators',
    'following',
    'login',
    'new-post',
    'notifications',
    'partners',
    'rewards-content',
    'settings',
    'edit-profile',
    'unsupported',
    'legal',
    ...legalDocuments,
    'playlist',
    'popular',
    'search',
    'search-trends',
    'tag',
    'video',
    'video2',
    'play',
    'my-like',
    'action',
    'embed',
    'reset-password',
    'report-content',
    'complaint',
    'statements',
    'studio',
    'user',
    'gay',
    'trans',
    // server paths
    'api',
    'media',
    'media-api',
    'thumber',
    'translations',
    'ws',
    'assets',
    'static',
    'health',
    // impersonation and future pages
    'admin',
    'administrator',
    'root',
    'system',
    'staff',
    'moderator',
    'mod',
    'velvet',
    'support',
    'help',
    'about',
    'official',
    'signup',
    'register',
    'logout',
    'me',
    'null',
    'undefined',
    'www',
    'mail',
    'email',
    'abuse',
    'security',
    'postmaster',
    'noreply',
    'no.reply',
    'no_reply',
    'home',
    'explore',
    'feed',
    'upload',
    'sound',
    'sounds',
    'playlists',
    'tags',
    'users',
    'posts',
    'post',
  ].map((name) => name.toLowerCase()),
);

export type UsernameProblem = 'invalid' | 'reserved';

/** Why a name cannot be registered as typed (spec §5 pattern, reserved names), or undefined when it can. */
export function usernameProblem(username: string): UsernameProblem | undefined {
  if (!usernamePattern.test(username)) return 'invalid';
  const lower = username.toLowerCase();
  if (reservedNames.has(lower) || reservedNames.has(lower.replace(/[._]/g, ''))) return 'reserved';
  return undefined;
}

/**
 * Spec §5 cleanup used on lookup: strip a URL prefix and query, spaces and dots to single dots, remove
 * accents, lowercase, keep a-z 0-9 . _ ("https://x.com/@Jöhn  Doe?ref=1" → "john.doe").
 */
export function cleanUsername(input: string): string {
  let value = input.trim();
  value = value.replace(/[?#].*$/s, '');
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*\/?/i, '');
  value = value.replace(/^.*\//s, '');
  value = value.replace(/^@/, '');
  value = value.normalize('NFD').replace(/\p{M}/gu, '');
  value = value.toLowerCase().replace(/[\s.]+/g, '.');
  return value.replace(/[^a-z0-9._]/g, '');
}

/** Numeric path ids address users by id; anything else is a username to clean up. */
export function parseUserRef(ref: string): { id: number } | { username: string } {
  if (/^\d{1,15}$/.test(ref)) return { id: Number(ref) };
  return { username: cleanUsername(ref) };
}
