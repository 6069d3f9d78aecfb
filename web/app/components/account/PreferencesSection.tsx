import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { orientationChoices } from '../../lib/orientation';
import type { Viewer } from '../../lib/viewer';
import { useConsent } from '../consent/ConsentProvider';
import styles from './forms.module.css';
import own from './PreferencesSection.module.css';
import { SettingsSection } from './SettingsSection';
import { useSave } from './useSave';

const FLAGS = ['nFollow', 'nLike', 'nCreate', 'nUpdate'] as const;
type Flags = Record<(typeof FLAGS)[number], boolean>;

function parseFlags(json: string): Flags {
  try {
    const value = JSON.parse(json) as Partial<Flags>;
    return Object.fromEntries(FLAGS.map((flag) => [flag, value[flag] !== false])) as Flags;
  } catch {
    return { nFollow: true, nLike: true, nCreate: true, nUpdate: true };
  }
}

/** lgbtPreference, generalNotifSound and the fePreference flags (spec §3). */
export function PreferencesSection({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const { remember } = useConsent();
  const { busy, save } = useSave();
  const [orientation, setOrientation] = useState(viewer.lgbtPreference);
  const [sound, setSound] = useState(viewer.generalNotifSound);
  const [flags, setFlags] = useState(() => parseFlags(viewer.fePreference));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { lgbtPreference: orientation, generalNotifSound: sound, fePreference: flags };
    const saved = await save(() => api('/api/user/me', { method: 'PUT', body }));
    // Spec §4: a new orientation also goes into its cookie and the page reloads in that variant.
    if (saved && orientation !== viewer.lgbtPreference) {
      remember('lgbtPreference', String(orientation));
      window.location.reload();
    }
  };

  return (
    <SettingsSection id="preferences" title={t('account.settings.preferences')} lead={t('account.settings.preferencesLead')}>
      <form className={styles.form} onSubmit={submit}>
        <fieldset className={own.group}>
          <legend className={styles.label}>{t('orientation.label')}</legend>
          <div className={own.choices}>
            {orientationChoices.map((choice) => (
              <label key={choice.name} className={own.choice}>
                <input
                  type="radio"
                  name="lgbtPreference"
                  value={choice.value}
                  checked={orientation === choice.value}
                  onChange={() => setOrientation(choice.value)}
                />
                <span>{t(`orientation.${choice.name}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className={own.group}>
          <legend className={styles.label}>{t('account.settings.notifications')}</legend>
          <label className={styles.check}>
            <input type="checkbox" checked={sound} onChange={(event) => setSound(event.target.checked)} />
            <span>{t('account.settings.notifSound')}</span>
          </label>
          {FLAGS.map((flag) => (
            <label key={flag} className={styles.check}>
              <input
                type="checkbox"
                checked={flags[flag]}
                onChange={(event) => setFlags({ ...flags, [flag]: event.target.checked })}
              />
              <span>{t(`account.settings.flags.${flag}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {t('account.settings.savePreferences')}
          </button>
        </div>
      </form>
    </SettingsSection>
  );
}
