import { countryName } from '../../../../server/src/settings/countries.ts';
import { languages as knownLanguages } from '../../../../server/src/settings/languages.ts';
import { useTranslation } from '../../i18n/react';
import { useRootData } from '../../lib/root-data';
import { useSessionCountry } from '../../lib/session-country';

/** The site-wide dialogs any control can open: site settings, language and country choosers, the side menu. */
export type SiteDialog = 'settings' | 'language' | 'country' | 'menu';

/** The interface languages: from the settings, or the built-in list when they failed to load. */
export function useLanguages() {
  return useRootData()?.settings?.languages ?? knownLanguages;
}

/** The country API calls use: the one forced this session, else the one the server picked. */
export function useCurrentCountry(): { code: string; name: string } {
  const { i18n } = useTranslation();
  const code = useSessionCountry(useRootData()?.settings?.country.code ?? 'US');
  return { code, name: countryName(code, i18n.language) };
}
