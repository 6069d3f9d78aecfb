import { data } from 'react-router';
import type { ServerContext } from '#server-context';
import { languageCookie, loadLocaleBundle, pickLocale } from '../i18n/locale.server';
import { applyConsent, heldCookies, optionalCategories, parseConsent, readCookie } from './cookies';
import { orientationFromCookie } from './orientation';
import { readLinkParameters } from './query-handling';
import type { RootData, SiteSettings } from './root-data';
import { loadViewer } from './session.server';
import { accentFromCookie, themeFromCookie } from './theme';

/** Present only for logged-in users (server/src/accounts/session-cookies.ts); anonymous sessions have none. */
const REFRESH_COOKIE = 'refresh';

export type SettingsSource = (api: ServerContext['api'], country: string | undefined) => Promise<SiteSettings | undefined>;

/**
 * GET /api/settings with the 60 s cache spec §7 allows for anonymous answers. Every page needs the
 * settings and they are the same for everyone (per forced country), so one call a minute is enough; it
 * also keeps page views from spending the API rate limit of the address the in-process calls come from.
 * Failures are not kept: the next page asks again.
 */
export function cachedSettings(ttlMs: number, now: () => number = Date.now): SettingsSource {
  const cache = new Map<string, { settings: SiteSettings; until: number }>();
  return async (api, country) => {
    const key = country ?? '';
    const cached = cache.get(key);
    if (cached && cached.until > now()) return cached.settings;
    try {
      const answer = await api<{ statusCode?: number } & Partial<SiteSettings>>(
        `/api/settings${country ? `?country=${country}` : ''}`,
      );
      if (answer.statusCode !== 1 && answer.statusCode !== 2) return undefined;
      cache.set(key, { settings: answer as SiteSettings, until: now() + ttlMs });
      return answer as SiteSettings;
    } catch {
      return undefined;
    }
  };
}

const sharedSettings = cachedSettings(60_000);

/**
 * This visitor's age-assurance requirement, never cached: it depends on where they are and what they
 * passed. A forced country goes along, since it may add a check (compliance/age-assurance/README.md).
 */
async function loadAgeAssurance(
  ageAssurance: ServerContext['ageAssurance'],
  country: string | undefined,
): Promise<RootData['ageAssurance']> {
  try {
    const { statusCode, ...status } = await ageAssurance(country);
    return statusCode === 2 ? status : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The root loader: language, theme, the age gate and consent state, and the settings. The age gate is
 * decided here from the have18 cookie, so the page arrives with or without it and never flashes.
 * `skip-entermodal` confirms the age and accepts every cookie category (spec §1) on this response.
 */
export async function loadRootData(
  request: Request,
  {
    api,
    ageAssurance: assess,
    defaultLocale,
    baseUrl,
  }: Pick<ServerContext, 'api' | 'ageAssurance' | 'defaultLocale' | 'baseUrl'>,
  loadSettings: SettingsSource = sharedSettings,
) {
  const url = new URL(request.url);
  const cookieHeader = request.headers.get('cookie');
  const skipGate = url.searchParams.has('skip-entermodal');
  const consent = skipGate ? optionalCategories : parseConsent(readCookie(cookieHeader, 'consent'));
  // Behind a TLS-terminating proxy the request itself arrives over http; the public origin tells.
  const secure = baseUrl.startsWith('https:');
  const { locale, fromQuery } = pickLocale(request, defaultLocale);
  const link = readLinkParameters(url.searchParams);

  const [{ messagesVersion }, settings, viewerData, ageAssurance] = await Promise.all([
    loadLocaleBundle(locale),
    loadSettings(api, link.country),
    loadViewer(api, cookieHeader),
    loadAgeAssurance(assess, link.country),
  ]);
  const page: RootData = {
    locale,
    messagesVersion,
    theme: themeFromCookie(readCookie(cookieHeader, 'prefersDarkScheme')),
    accent: accentFromCookie(readCookie(cookieHeader, 'themeColor')),
    consent,
    ageConfirmed: skipGate || Boolean(readCookie(cookieHeader, 'have18')),
    ageAssurance,
    signedIn: Boolean(readCookie(cookieHeader, REFRESH_COOKIE)),
    // Spec §4: a signed-in user's own preference wins over the visitor cookie.
    lgbtPreference: viewerData.viewer
      ? orientationFromCookie(String(viewerData.viewer.lgbtPreference))
      : orientationFromCookie(readCookie(cookieHeader, 'lgbtPreference')),
    settings,
    link,
    baseUrl,
    ...viewerData,
  };

  const headers = new Headers();
  if (skipGate) {
    for (const cookie of applyConsent(optionalCategories, { ...heldCookies(cookieHeader), have18: '1' }, secure)) {
      headers.append('Set-Cookie', cookie);
    }
  }
  if (fromQuery) headers.append('Set-Cookie', languageCookie(locale, consent, secure));
  // 503 tells crawlers and caches that the "being updated" page is temporary.
  return data(page, { status: settings ? 200 : 503, headers });
}
