import { type CookieName, cookieExpiry, cookieRules } from '../../../web/app/lib/cookies.ts';
import { AppError } from '../http/errors.ts';
import type { PreferencesRepository } from './preferences.repository.ts';

/** The cookies an account may keep: the preference category of the site's cookie table (spec §3, §6). */
const storable = new Set(
  Object.entries(cookieRules)
    .filter(([, rule]) => rule.category === 'preferences')
    .map(([name]) => name),
);

export function isStorableCookie(name: string): name is CookieName {
  return storable.has(name);
}

/**
 * Spec §7 POST /api/user/cookie {name, value, expires}: a logged-in user's preference cookies are kept
 * with the account as well as in the browser. The client only sends them when the visitor allowed the
 * preferences category (web/app/lib/preferences.ts). The expiry is clamped to the cookie's own lifetime
 * from the cookie table, so a client cannot keep a preference longer than the spec allows; an expiry in
 * the past forgets the stored value.
 */
export class PreferencesService {
  private readonly preferences: PreferencesRepository;
  private readonly now: () => Date;

  constructor(preferences: PreferencesRepository, now: () => Date = () => new Date()) {
    this.preferences = preferences;
    this.now = now;
  }

  async saveCookie(userId: number, cookie: { name: string; value: string; expires?: string }): Promise<{ saved: boolean }> {
    if (!isStorableCookie(cookie.name))
      throw new AppError('invalid_input', { details: [{ field: 'name', problem: 'not a preference cookie' }] });
    const now = this.now();
    const longest = cookieExpiry(cookie.name, now);
    const asked = cookie.expires === undefined ? longest : new Date(cookie.expires);
    if (Number.isNaN(asked.getTime()))
      throw new AppError('invalid_input', { details: [{ field: 'expires', problem: 'not a date' }] });
    if (asked <= now) {
      await this.preferences.remove(userId, cookie.name);
      return { saved: false };
    }
    await this.preferences.save(userId, {
      name: cookie.name,
      value: cookie.value,
      expiresAt: new Date(Math.min(asked.getTime(), longest.getTime())),
    });
    return { saved: true };
  }

  cookiesOf(userId: number): Promise<Record<string, string>> {
    return this.preferences.list(userId, this.now());
  }
}
