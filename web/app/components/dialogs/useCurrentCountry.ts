import { countryName } from '../../../../server/src/settings/countries.ts';
import { useTranslation } from '../../i18n/react';
import { useRootData } from '../../lib/root-data';
import { useSessionCountry } from '../../lib/session-country';

// Apart from useSiteChoices.ts so the country names stay out of what every page loads (the age gate
// needs the languages only).
/** The country API calls use: the one forced this session, else the one the server picked. */
export function useCurrentCountry(): { code: string; name: string } {
  const { i18n } = useTranslation();
  const code = useSessionCountry(useRootData()?.settings?.country.code ?? 'US');
  return { code, name: countryName(code, i18n.language) };
}
