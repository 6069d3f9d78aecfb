import { useId, useState } from 'react';
import type { Country } from '../../../../server/src/settings/countries.ts';
import { useTranslation } from '../../i18n/react';
import styles from './ChooserList.module.css';
import { CheckIcon } from './icons';

/** The flag emoji of a region code, from its two regional indicator letters. */
function flagOf(code: string): string {
  return String.fromCodePoint(...[...code].map((letter) => 0x1f1a5 + letter.charCodeAt(0)));
}

/** Case- and accent-insensitive, so "cesko" finds "Česko". */
function fold(text: string, locale: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(locale);
}

interface CountryListProps {
  /** Priority countries first (spec §3), as listCountries gives them. */
  readonly countries: readonly Country[];
  readonly current: string;
  readonly onChoose: (code: string) => void;
}

/**
 * Every country with a filter field: the priority countries as "Suggested", then all by name. Links
 * carry `country` so the list works before JavaScript; with it, choosing calls onChoose.
 */
export function CountryList({ countries, current, onChoose }: CountryListProps) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const needle = fold(query.trim(), i18n.language);
  const matches = needle
    ? countries.filter((country) => fold(country.name, i18n.language).includes(needle) || country.code.toLowerCase() === needle)
    : countries;
  const sections = needle
    ? [{ title: undefined, items: matches }]
    : [
        { title: t('chooser.suggested'), items: countries.filter((country) => country.priority) },
        { title: t('chooser.allCountries'), items: countries.filter((country) => !country.priority) },
      ];

  return (
    <div className={styles.countries}>
      <div className={styles.search}>
        <label htmlFor={searchId} className={styles.hidden}>
          {t('chooser.searchCountries')}
        </label>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('chooser.searchCountries')}
          autoComplete="off"
          className={styles.searchInput}
        />
      </div>
      {matches.length === 0 && (
        <p className={styles.empty} role="status">
          {t('chooser.noCountry', { query: query.trim() })}
        </p>
      )}
      {sections.map(
        ({ title, items }) =>
          items.length > 0 && (
            <section key={title ?? 'matches'} aria-label={title}>
              {title && <h3 className={styles.sectionTitle}>{title}</h3>}
              <ul className={styles.grid}>
                {items.map((country) => {
                  const selected = country.code === current;
                  return (
                    <li key={country.code}>
                      <a
                        href={`?country=${country.code}`}
                        className={styles.item}
                        aria-current={selected ? 'true' : undefined}
                        data-autofocus={selected || undefined}
                        onClick={(event) => {
                          event.preventDefault();
                          onChoose(country.code);
                        }}
                      >
                        <span className={styles.flag} aria-hidden="true">
                          {flagOf(country.code)}
                        </span>
                        <span className={styles.name}>{country.name}</span>
                        {selected && <CheckIcon />}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </section>
          ),
      )}
    </div>
  );
}
