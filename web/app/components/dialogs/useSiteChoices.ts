import { languages as knownLanguages } from '../../../../server/src/settings/languages.ts';
import { useRootData } from '../../lib/root-data';

/** The site-wide dialogs any control can open: site settings, language and country choosers, the side menu. */
export type SiteDialog = 'settings' | 'language' | 'country' | 'menu';

/** The interface languages: from the settings, or the built-in list when they failed to load. */
export function useLanguages() {
  return useRootData()?.settings?.languages ?? knownLanguages;
}
