import type { TFunction } from '../../i18n/translate';
import { countryName } from './analytics-format';

/** Pages a view can come from (the rollup's `page` keys), each with its label. */
const PAGES = ['feed', 'tag', 'profile', 'search', 'embed', 'post', 'playlist', 'other'] as const;

/** Platforms named by their own brand, the same in every language. */
const BRANDS: Readonly<Record<string, string>> = {
  x: 'X',
  twitter: 'X',
  facebook: 'Facebook',
  reddit: 'Reddit',
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  tumblr: 'Tumblr',
  bluesky: 'Bluesky',
};
/** Ways of sharing that are not a platform: these have translated names. */
const CHANNELS = ['link', 'embed', 'native', 'email'] as const;

const isOneOf = <T extends string>(list: readonly T[], key: string): key is T => (list as readonly string[]).includes(key);

/** The reader's name for each breakdown key; a key the app has no name for shows as it is. */
export function breakdownLabels(t: TFunction, locale: string) {
  return {
    country: (key: string) => (key === 'unknown' ? t('analytics.unknownCountry') : countryName(key, locale)),
    referrer: (key: string) => (key === 'direct' ? t('analytics.directTraffic') : key),
    page: (key: string) => (isOneOf(PAGES, key) ? t(`analytics.page.${key}`) : key),
    sharePlatform: (key: string) => BRANDS[key] ?? (isOneOf(CHANNELS, key) ? t(`analytics.channel.${key}`) : key),
  };
}
