import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { type Consent, type OptionalCategory, optionalCategories } from '../../lib/cookies';
import styles from './ConsentBanner.module.css';
import { useConsent } from './ConsentProvider';

/**
 * The cookie banner (spec §6): accept all, reject all (as easy to reach as accepting), or choose per
 * category. It does not block the page; until answered, nothing optional is stored. It comes back on
 * the "choose" view when the visitor reopens their cookie settings.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const { consent, choicesOpen, bannerVisible, decide, closeChoices } = useConsent();
  const [choosing, setChoosing] = useState(false);
  const [selected, setSelected] = useState<Consent>(consent ?? []);
  const titleId = useId();
  const regionRef = useRef<HTMLElement>(null);
  const showChoices = choosing || choicesOpen;

  useEffect(() => {
    if (!choicesOpen) return;
    setSelected(consent ?? []);
    regionRef.current?.focus();
  }, [choicesOpen, consent]);

  if (!bannerVisible) return null;

  const toggle = (category: OptionalCategory, on: boolean) =>
    setSelected((current) => (on ? [...current, category] : current.filter((entry) => entry !== category)));

  return (
    <section
      ref={regionRef}
      className={styles.banner}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-choosing={showChoices || undefined}
    >
      <div className={styles.intro}>
        <h2 id={titleId} className={styles.title}>
          {t('consent.title')}
        </h2>
        <p className={styles.message}>
          {t('consent.message')} <Link to="/legal/cookie-policy">{t('pages.cookiePolicy.title')}</Link>
        </p>
      </div>
      {showChoices && (
        <ul className={styles.categories}>
          {(['necessary', ...optionalCategories] as const).map((category) => {
            const fixed = category === 'necessary';
            const id = `${titleId}-${category}`;
            return (
              <li key={category} className={styles.category}>
                <div className={styles.categoryText}>
                  <label htmlFor={id} className={styles.categoryName}>
                    {t(`consent.categories.${category}.name`)}
                  </label>
                  <p id={`${id}-about`} className={styles.categoryAbout}>
                    {t(`consent.categories.${category}.description`)}
                  </p>
                </div>
                <input
                  id={id}
                  type="checkbox"
                  role="switch"
                  className={styles.switch}
                  aria-describedby={`${id}-about`}
                  checked={fixed || selected.includes(category)}
                  aria-checked={fixed || selected.includes(category)}
                  disabled={fixed}
                  onChange={(event) => !fixed && toggle(category, event.target.checked)}
                />
              </li>
            );
          })}
        </ul>
      )}
      <div className={styles.actions}>
        {showChoices ? (
          <button type="button" className={styles.secondary} onClick={() => decide(selected)}>
            {t('consent.save')}
          </button>
        ) : (
          <button type="button" className={styles.secondary} onClick={() => setChoosing(true)}>
            {t('consent.choose')}
          </button>
        )}
        <button type="button" className={styles.primary} onClick={() => decide([])}>
          {t('consent.rejectAll')}
        </button>
        <button type="button" className={styles.primary} onClick={() => decide(optionalCategories)}>
          {t('consent.acceptAll')}
        </button>
      </div>
      {choicesOpen && consent !== undefined && (
        <button type="button" className={styles.dismiss} onClick={closeChoices} aria-label={t('dialogs.close')}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      )}
    </section>
  );
}
