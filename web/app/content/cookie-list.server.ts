import { ACCESS_TOKEN_SECONDS, ANONYMOUS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from '../../../server/src/accounts/tokens.ts';
import { type CookieCategory, cookieRules } from '../lib/cookies';
import { numberLocale } from '../lib/format-number';
import type { CookieRow } from '../lib/legal-documents';

const DAY_SECONDS = 86_400;

/**
 * The session cookies the server sets (server/src/accounts/session-cookies.ts): httpOnly, so they are
 * not in lib/cookies, which lists what the page itself writes. `authorization` carries a member's
 * access token or a visitor's anonymous one, hence two lifetimes.
 */
const sessionCookies: ReadonlyArray<{ name: string; seconds: readonly number[] }> = [
  { name: 'authorization', seconds: [ACCESS_TOKEN_SECONDS, ANONYMOUS_TOKEN_SECONDS] },
  { name: 'refresh', seconds: [REFRESH_TOKEN_SECONDS] },
];

function duration(seconds: number, locale: string): string {
  const [value, unit] =
    seconds % DAY_SECONDS === 0
      ? [seconds / DAY_SECONDS, 'day']
      : seconds % 3600 === 0
        ? [seconds / 3600, 'hour']
        : [Math.round(seconds / 60), 'minute'];
  return new Intl.NumberFormat(numberLocale(locale), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/**
 * Every cookie Velvet sets, generated from the same rules that write them, so the policy cannot drift
 * from the code: necessary ones first, then by category in the order of lib/cookies.
 */
export function cookieRows(locale: string): CookieRow[] {
  const orList = new Intl.ListFormat(locale, { type: 'disjunction' });
  const session = sessionCookies.map(({ name, seconds }) => ({
    name,
    category: 'necessary' as const,
    lifetime: orList.format(seconds.map((value) => duration(value, locale))),
  }));
  const page = Object.entries(cookieRules).map(([name, rule]) => ({
    name,
    category: rule.category as CookieCategory,
    lifetime: duration(rule.days * DAY_SECONDS, locale),
  }));
  return [...session, ...page];
}
