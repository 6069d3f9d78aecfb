/** Cookie categories of spec §6; `necessary` cookies need no consent. */
export const cookieCategories = ['necessary', 'preferences', 'statistics', 'marketing'] as const;
export type CookieCategory = (typeof cookieCategories)[number];
export type OptionalCategory = Exclude<CookieCategory, 'necessary'>;
export const optionalCategories = cookieCategories.filter((category): category is OptionalCategory => category !== 'necessary');

/**
 * The visitor's cookie choice: the optional categories they allow. `undefined` wherever a consent is
 * expected means they have not chosen yet, which allows nothing optional.
 */
export type Consent = readonly OptionalCategory[];

interface CookieRule {
  readonly category: CookieCategory;
  readonly days: number;
  /** Records a setting the visitor picks on screen (language, theme...), as opposed to a "seen it" flag. */
  readonly setting?: true;
}

/**
 * Every cookie the site sets from the page, with its category and lifetime in days (spec §3, §9).
 * Our additions, not in the spec's list:
 * - `consent` holds the choice itself. It is necessary (without it the banner would come back on every
 *   page) and lasts 365 days, the longest period regulators accept before asking again.
 *   `preference` is not used for it: the spec lists that one among the preference cookies.
 * - `country` holds the country the visitor forced (spec §7 sends it as a header): the spec keeps it for
 *   the session only, which this does without preference consent; the server reads it for pages.
 * - `themeColor` holds the accent colour: the spec names the colours but no cookie, so it lives beside
 *   prefersDarkScheme with the same rules.
 * have18 is necessary: without it the age gate could not stay closed.
 * Two cookies of the spec's list are not set, so the cookie policy does not list them: `uotmPopup` (the
 * featured-creator announcement: there is no featured creator) and `preference` (no display choice is
 * left without a cookie of its own).
 */
export const cookieRules = {
  have18: { category: 'necessary', days: 730 },
  consent: { category: 'necessary', days: 365 },
  setLang: { category: 'preferences', days: 730, setting: true },
  autoplay: { category: 'preferences', days: 730, setting: true },
  prefersDarkScheme: { category: 'preferences', days: 730, setting: true },
  themeColor: { category: 'preferences', days: 730, setting: true },
  lgbtPreference: { category: 'preferences', days: 365, setting: true },
  country: { category: 'preferences', days: 365, setting: true },
  videoNotPlayablePopup: { category: 'preferences', days: 14 },
  sawTutorial: { category: 'preferences', days: 730 },
  likeBanner: { category: 'preferences', days: 14 },
  keyboardTutorial: { category: 'preferences', days: 60 },
  // The value is the date to ask again (+14 days); the cookie itself lives 730 days (spec §9).
  firstAskAddHomeScreen: { category: 'preferences', days: 730 },
  secondAskAddHomeScreen: { category: 'preferences', days: 42 },
} as const satisfies Record<string, CookieRule>;

export type CookieName = keyof typeof cookieRules;

const DAY_SECONDS = 24 * 60 * 60;

/** The value of one cookie from a Cookie header, or undefined. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(separator + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The `consent` cookie's value: `necessary` plus the allowed categories, so "reject all" is a real value too. */
export function serializeConsent(consent: Consent): string {
  return ['necessary', ...optionalCategories.filter((category) => consent.includes(category))].join('.');
}

/** Reads the `consent` cookie; anything unrecognisable counts as no choice, so the banner asks again. */
export function parseConsent(value: string | undefined): Consent | undefined {
  const parts = value?.split('.');
  if (parts?.[0] !== 'necessary') return undefined;
  return optionalCategories.filter((category) => parts.includes(category));
}

export function allowsCategory(consent: Consent | undefined, category: CookieCategory): boolean {
  return category === 'necessary' || Boolean(consent?.includes(category));
}

export type CookieStorage = 'lasting' | 'session' | 'none';

/**
 * How a cookie may be stored under a consent: for its full lifetime when its category is allowed;
 * for the browser session when it records a setting the visitor picks on screen (language, theme,
 * colour, orientation, autoplay), which WP29 Opinion 04/2012 §3.6 (user interface customisation)
 * exempts from consent when it lasts one session; otherwise not at all.
 */
export function storageFor(name: CookieName, consent: Consent | undefined): CookieStorage {
  const rule: CookieRule = cookieRules[name];
  if (allowsCategory(consent, rule.category)) return 'lasting';
  return rule.setting ? 'session' : 'none';
}

export interface CookieAttributes {
  readonly storage: 'lasting' | 'session';
  readonly secure: boolean;
}

/** A Set-Cookie header value, also what `document.cookie` accepts. */
export function serializeCookie(name: CookieName, value: string, { storage, secure }: CookieAttributes): string {
  const lifetime = storage === 'lasting' ? `; Max-Age=${cookieRules[name].days * DAY_SECONDS}` : '';
  return `${name}=${encodeURIComponent(value)}; Path=/${lifetime}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function expiredCookie(name: CookieName): string {
  return `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/**
 * The Set-Cookie values that apply a new consent to the cookies a browser holds: the choice itself,
 * then every other known cookie rewritten for its new storage (a session setting becomes lasting once
 * preferences are allowed, a lasting one falls back to the session when they are withdrawn) or deleted.
 */
export function applyConsent(consent: Consent, held: Readonly<Partial<Record<CookieName, string>>>, secure: boolean): string[] {
  const headers = [serializeCookie('consent', serializeConsent(consent), { storage: 'lasting', secure })];
  for (const [name, value] of Object.entries(held) as [CookieName, string | undefined][]) {
    if (name === 'consent' || value === undefined) continue;
    const storage = storageFor(name, consent);
    headers.push(storage === 'none' ? expiredCookie(name) : serializeCookie(name, value, { storage, secure }));
  }
  return headers;
}

/** The known cookies present in a Cookie header. */
export function heldCookies(header: string | null | undefined): Partial<Record<CookieName, string>> {
  const held: Partial<Record<CookieName, string>> = {};
  for (const name of Object.keys(cookieRules) as CookieName[]) {
    const value = readCookie(header, name);
    if (value !== undefined) held[name] = value;
  }
  return held;
}

/**
 * The cookie values to write for preferences saved with an account (GET /api/user/cookie), as far as
 * this browser's consent allows; names this site does not set, and the consent itself, are left out.
 */
export function accountCookies(saved: Readonly<Record<string, string>>, consent: Consent | undefined, secure: boolean): string[] {
  return Object.entries(saved).flatMap(([name, value]) => {
    if (name === 'consent' || !Object.hasOwn(cookieRules, name)) return [];
    const storage = storageFor(name as CookieName, consent);
    return storage === 'none' ? [] : [serializeCookie(name as CookieName, value, { storage, secure })];
  });
}

/** The expiry of a lasting cookie written now, for copies kept elsewhere (POST /api/user/cookie). */
export function cookieExpiry(name: CookieName, now: Date): Date {
  return new Date(now.getTime() + cookieRules[name].days * DAY_SECONDS * 1000);
}
