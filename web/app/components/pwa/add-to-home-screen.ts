import type { CookieName } from '../../lib/cookies';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Spec §9: firstAskAddHomeScreen holds now + 14 days, the earliest date of the second ask. */
const SECOND_ASK_AFTER_DAYS = 14;

export interface BrowserFacts {
  readonly userAgent: string;
  readonly platform: string;
  readonly maxTouchPoints: number;
  /** Already opened from the Home Screen (navigator.standalone or display-mode: standalone). */
  readonly standalone: boolean;
}

/**
 * Only Safari on iPhone, iPod and iPad, outside an installed copy: the prompt describes Safari's Share
 * menu, and other iOS browsers and in-app views (which name themselves in the user agent) differ.
 * iPadOS asks for desktop pages and reports a Mac with a touch screen.
 */
export function isIosSafari({ userAgent, platform, maxTouchPoints, standalone }: BrowserFacts): boolean {
  const ios = /iPhone|iPod|iPad/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|YaBrowser|DuckDuckGo|GSA\/|FBAN|FBAV|Instagram|Line\//.test(userAgent);
  return ios && /Safari\//.test(userAgent) && !otherBrowser && !standalone;
}

export type Ask = 'first' | 'second';

export interface AskCookies {
  readonly firstAskAddHomeScreen?: string;
  readonly secondAskAddHomeScreen?: string;
}

/**
 * Which ask is due, from the two cookies of spec §3 and §9. The whole rule: after 300000 ms on the
 * site (PwaSupport.tsx), on Safari for iOS outside an installed copy (isIosSafari), for a visitor past
 * the age gate who allows preference cookies (AddToHomeScreen.tsx), the prompt shows when an ask is due:
 * - no firstAskAddHomeScreen: the first ask. That cookie then holds the time 14 days later and lives
 *   730 days, so the visitor is not asked again within 14 days;
 * - those 14 days over and no secondAskAddHomeScreen: the second ask. That cookie lives 42 days, so
 *   afterwards the prompt comes back at most once every 42 days;
 * - otherwise none. An unreadable date counts as not yet reached.
 */
export function dueAsk(cookies: AskCookies, now: number): Ask | undefined {
  if (cookies.firstAskAddHomeScreen === undefined) return 'first';
  const secondAskFrom = Number(cookies.firstAskAddHomeScreen);
  if (!Number.isFinite(secondAskFrom) || now < secondAskFrom) return undefined;
  return cookies.secondAskAddHomeScreen === undefined ? 'second' : undefined;
}

/** The cookie that records an ask, written when the prompt shows (closing it is not needed to count). */
export function askCookie(ask: Ask, now: number): readonly [CookieName, string] {
  return ask === 'first'
    ? ['firstAskAddHomeScreen', String(now + SECOND_ASK_AFTER_DAYS * DAY_MS)]
    : ['secondAskAddHomeScreen', String(now)];
}
