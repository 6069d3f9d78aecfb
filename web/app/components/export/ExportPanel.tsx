import { useCallback, useEffect, useState } from 'react';
import type { ExportRequestAnswer, ExportStandingAnswer, ExportView } from '../../../../server/src/exports/exports-schema.ts';
import { useTranslation } from '../../i18n/react';
import type { MessageKey } from '../../i18n/translate';
import { ApiError, api } from '../../lib/api';
import forms from '../account/forms.module.css';
import { useNotificationsState } from '../notifications/notifications-store';
import styles from './ExportPanel.module.css';
import { formatFileSize, formatMoment } from './export-format';

/** While an archive is being made, the page asks again this often (the job takes seconds to minutes). */
const POLL_MS = 4000;

const explained: Readonly<Record<string, MessageKey>> = {
  export_in_progress: 'export.errors.export_in_progress',
  export_too_soon: 'export.errors.export_too_soon',
};

const included: readonly MessageKey[] = [
  'export.includes.profile',
  'export.includes.posts',
  'export.includes.captions',
  'export.includes.likes',
  'export.includes.follows',
  'export.includes.notifications',
  'export.includes.analytics',
];

const isPending = (view: ExportView | null) => view?.state === 'requested' || view?.state === 'building';

/**
 * The data export page's body: asking for an archive, its state as it changes (polled while it is being
 * made, and read again when the ready notification arrives live), the download while it lasts, and what
 * an archive holds.
 */
export function ExportPanel({ initial }: { initial: ExportStandingAnswer }) {
  const { t, i18n } = useTranslation();
  const [standing, setStanding] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const current = standing.export;
  const when = (iso: string | null) => (iso ? formatMoment(iso, i18n.language) : '');

  const refresh = useCallback(async () => {
    try {
      setStanding(await api<ExportStandingAnswer>('/api/studio/export'));
    } catch {
      // The next poll or reload tries again; the page keeps what it showed.
    }
  }, []);

  // The ready notification arrives live (the socket): show the archive at once rather than at the next poll.
  const readyNotice = useNotificationsState().live.find((item) => item.type === 'data-export')?.id;
  useEffect(() => {
    if (readyNotice !== undefined) void refresh();
  }, [readyNotice, refresh]);

  useEffect(() => {
    if (!isPending(current)) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [current, refresh]);

  const ask = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api<ExportRequestAnswer>('/api/studio/export', { method: 'POST' });
      setStanding({ statusCode: 2, export: answer.export, canRequest: false, nextRequestAt: null });
    } catch (failure) {
      const key = failure instanceof ApiError ? explained[failure.code] : undefined;
      setError(t(key ?? 'export.errors.generic'));
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const requestLabel: MessageKey =
    current?.state === 'failed' ? 'export.retry' : current ? 'export.requestAgain' : 'export.request';

  return (
    <div className={styles.panel}>
      <section className={styles.card} aria-labelledby="export-state" data-testid="export-state">
        <div className={styles.stateRow}>
          <h3 id="export-state" className={styles.heading}>
            {t('export.archiveTitle')}
          </h3>
          {current && (
            <span className={styles.badge} data-state={current.state}>
              {t(`export.state.${current.state}`)}
            </span>
          )}
        </div>
        <div className={styles.status} aria-live="polite">
          {current && <p className={forms.hint}>{t('export.requestedAt', { date: when(current.requestedAt) })}</p>}
          {isPending(current) && (
            <p className={styles.preparing}>
              <span className={styles.spinner} aria-hidden="true" />
              {t('export.preparing')}
            </p>
          )}
          {current?.state === 'ready' && current.downloadUrl && (
            <>
              <p>
                {t('export.size', { size: formatFileSize(current.sizeBytes ?? 0, i18n.language) })}
                <br />
                {t('export.availableUntil', { date: when(current.expiresAt) })}
              </p>
              <a className={`${forms.primary} ${styles.action}`} href={current.downloadUrl} download>
                {t('export.download')}
              </a>
            </>
          )}
          {current?.state === 'expired' && <p>{t('export.expired', { date: when(current.expiresAt) })}</p>}
          {current?.state === 'failed' && <p className={forms.error}>{t('export.failed')}</p>}
          {standing.nextRequestAt && (
            <p className={forms.hint}>{t('export.nextRequest', { date: when(standing.nextRequestAt) })}</p>
          )}
          {error && (
            <p className={forms.error} role="alert">
              {error}
            </p>
          )}
        </div>
        {standing.canRequest && (
          <button
            type="button"
            className={`${current?.state === 'ready' ? forms.secondary : forms.primary} ${styles.action}`}
            onClick={() => void ask()}
            disabled={busy}
          >
            {t(requestLabel)}
          </button>
        )}
      </section>
      <section className={styles.card} aria-labelledby="export-includes">
        <h3 id="export-includes" className={styles.heading}>
          {t('export.includesTitle')}
        </h3>
        <ul className={styles.includes}>
          {included.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
