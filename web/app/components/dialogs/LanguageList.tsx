import { useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { SiteSettings } from '../../lib/root-data';
import { useConsent } from '../consent/ConsentProvider';
import styles from './ChooserList.module.css';
import { CheckIcon } from './icons';

/** Spec §4: a new interface language reloads the page after 300 ms. */
const RELOAD_DELAY_MS = 300;

/** The current address without `lang`, which would otherwise override the new choice on reload. */
function addressWithoutLang(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete('lang');
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The interface languages from the settings, each in its own name. Without JavaScript the links carry
 * `lang`, which the root loader applies; with it, choosing stores setLang and reloads.
 */
export function LanguageList({ languages }: { languages: SiteSettings['languages'] }) {
  const { i18n } = useTranslation();
  const { remember } = useConsent();
  const { pathname, search } = useLocation();
  const [chosen, setChosen] = useState<string>();

  const hrefFor = (locale: string) => {
    const params = new URLSearchParams(search);
    params.set('lang', locale);
    return `${pathname}?${params}`;
  };

  return (
    <ul className={`${styles.grid} ${styles.languages}`} aria-busy={chosen ? true : undefined}>
      {languages.map((language) => {
        const current = language.locale === (chosen ?? i18n.language);
        return (
          <li key={language.locale}>
            <a
              href={hrefFor(language.locale)}
              hrefLang={language.bcp47}
              lang={language.bcp47}
              className={styles.item}
              aria-current={current ? 'true' : undefined}
              data-autofocus={current ? true : undefined}
              onClick={(event) => {
                event.preventDefault();
                if (chosen) return;
                setChosen(language.locale);
                remember('setLang', language.locale);
                setTimeout(() => window.location.replace(addressWithoutLang()), RELOAD_DELAY_MS);
              }}
            >
              <span className={styles.name}>{language.name}</span>
              {current && <CheckIcon />}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
