import { useMemo } from 'react';
import { useRevalidator } from 'react-router';
import { listCountries } from '../../../../server/src/settings/countries.ts';
import { useTranslation } from '../../i18n/react';
import { chooseSessionCountry } from '../../lib/session-country';
import { CountryList } from './CountryList';
import { Dialog } from './Dialog';
import { LanguageList } from './LanguageList';
import { useCurrentCountry } from './useCurrentCountry';
import { useLanguages } from './useSiteChoices';

export function LanguageDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} title={t('pages.chooseLanguage.title')} description={t('pages.chooseLanguage.description')}>
      <LanguageList languages={useLanguages()} />
    </Dialog>
  );
}

export function CountryDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const countries = useMemo(() => listCountries(i18n.language), [i18n.language]);
  const current = useCurrentCountry();
  const revalidator = useRevalidator();
  return (
    <Dialog open onClose={onClose} title={t('pages.chooseCountry.title')} description={t('pages.chooseCountry.description')}>
      <CountryList
        countries={countries}
        current={current.code}
        onChoose={(code) => {
          chooseSessionCountry(code);
          onClose();
          // Spec §4: a country change refetches the trend lists; the pages' loaders now read the new country.
          void revalidator.revalidate();
        }}
      />
    </Dialog>
  );
}
