import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import styles from '../moderation/Admin.module.css';
import { AdminPanel } from '../moderation/AdminPanel';
import own from './Csam.module.css';
import type { AccessEntry } from './csam-types';

/** A username kept whole inside right-to-left text (Unicode first-strong isolate), its @ included. */
const isolated = (text: string) => `\u2068${text}\u2069`;

const ACTION_KEYS = { 'media.reveal': 'reveal', 'evidence.view': 'view', 'evidence.download': 'download' } as const;

/** Who looked at this case's material, newest first (compliance/csam "Access log"). */
export function AccessLog({ entries }: { entries: readonly AccessEntry[] }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'short', timeStyle: 'short' });
  return (
    <AdminPanel id="csam-access" title={t('csam.case.accessLog')}>
      {entries.length === 0 ? (
        <p className={styles.hint}>{t('csam.case.accessEmpty')}</p>
      ) : (
        <ul className={own.list} data-testid="access-log">
          {entries.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.createdAt}>{time.format(new Date(entry.createdAt))}</time> ·{' '}
              {t(`csam.access.${ACTION_KEYS[entry.action]}`, { username: isolated(`@${entry.actorUsername}`) })}
            </li>
          ))}
        </ul>
      )}
    </AdminPanel>
  );
}
