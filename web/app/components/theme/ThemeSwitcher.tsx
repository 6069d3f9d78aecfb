import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { allowsCategory } from '../../lib/cookies';
import { accents, type ThemeMode } from '../../lib/theme';
import { useConsent } from '../consent/ConsentProvider';
import { useAppearance } from './AppearanceProvider';
import styles from './ThemeSwitcher.module.css';

function Glyph({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {children}
    </svg>
  );
}

const themes: ReadonlyArray<{
  mode: ThemeMode;
  label: 'appearance.system' | 'appearance.light' | 'appearance.dark';
  icon: ReactNode;
}> = [
  {
    mode: 'system',
    label: 'appearance.system',
    icon: (
      <Glyph>
        <circle cx="12" cy="12" r="8.5" />
        <path d="M12 3.5a8.5 8.5 0 0 1 0 17z" fill="currentColor" />
      </Glyph>
    ),
  },
  {
    mode: 'light',
    label: 'appearance.light',
    icon: (
      <Glyph>
        <circle cx="12" cy="12" r="4" />
        <path
          d="M12 2v2.5M12 19.5V22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M2 12h2.5M19.5 12H22M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"
          strokeLinecap="round"
        />
      </Glyph>
    ),
  },
  {
    mode: 'dark',
    label: 'appearance.dark',
    icon: (
      <Glyph>
        <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z" strokeLinejoin="round" />
      </Glyph>
    ),
  },
];

/** Theme (follow the browser, light, dark) and accent colour, applied at once and remembered per consent. */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const { theme, accent, setTheme, setAccent } = useAppearance();
  const { consent, openChoices } = useConsent();
  return (
    <div className={styles.switcher}>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('appearance.theme')}</legend>
        <div className={styles.themes}>
          {themes.map(({ mode, label, icon }) => (
            <label key={mode} className={styles.theme}>
              <input
                type="radio"
                name="theme"
                value={mode}
                checked={theme === mode}
                onChange={() => setTheme(mode)}
                className={styles.input}
              />
              <span className={styles.themeFace}>
                {icon}
                <span>{t(label)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('appearance.accent')}</legend>
        <div className={styles.accents}>
          {accents.map((name) => (
            <label key={name} className={styles.accent} title={t(`appearance.colors.${name}`)}>
              <input
                type="radio"
                name="accent"
                value={name}
                checked={accent === name}
                onChange={() => setAccent(name)}
                className={styles.input}
              />
              <span className={styles.swatch} data-swatch={name} aria-hidden="true" />
              <span className={styles.hidden}>{t(`appearance.colors.${name}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {!allowsCategory(consent, 'preferences') && (
        <p className={styles.note}>
          {t('appearance.sessionOnly')}{' '}
          <button type="button" className={styles.noteLink} onClick={openChoices}>
            {t('consent.settings')}
          </button>
        </p>
      )}
    </div>
  );
}
