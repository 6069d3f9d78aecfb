import { useCallback, useEffect, useState } from 'react';
import type {
  RecordsExportAnswer,
  RecordsExportsAnswer,
  RecordsExportView,
} from '../../../../server/src/compliance/records/records-schema.ts';
import { useTranslation } from '../../i18n/react';
import { ApiError, api } from '../../lib/api';
import { formatFileSize, formatMoment } from '../export/export-format';
import styles from '../moderation/Admin.module.css';
import { AdminTable } from '../moderation/AdminTable';

/** While an export is being made, the panel asks again this often. */
const POLL_MS = 4000;

const isPending = (item: RecordsExportView) => item.state === 'requested' || item.state === 'building';

/** The custodian's exports: start one, follow it while the job writes it, download it while it lasts. */
export function RecordsExportPanel({ initial }: { initial: readonly RecordsExportView[] }) {
  const { t, i18n } = useTranslation();
  const [exports, setExports] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const pending = exports.some(isPending);

  const refresh = useCallback(async () => {
    try {
      setExports((await api<RecordsExportsAnswer>('/api/admin/records/exports')).exports);
    } catch {
      // The next poll or a reload tries again; the panel keeps what it showed.
    }
  }, []);

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [pending, refresh]);

  const ask = async () => {
    setBusy(true);
    setError('');
    try {
      const answer = await api<RecordsExportAnswer>('/api/admin/records/exports', { method: 'POST' });
      setExports((current) => [answer.export, ...current]);
    } catch (failure) {
      setError(
        t(
          failure instanceof ApiError && failure.code === 'export_in_progress'
            ? 'records.export.errors.export_in_progress'
            : 'records.export.errors.generic',
        ),
      );
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="records-export">
      <h2 id="records-export" className={styles.panelTitle}>
        {t('records.export.title')}
      </h2>
      <p className={styles.hint}>{t('records.export.lead')}</p>
      <div className={styles.toolbar}>
        <button type="button" className={styles.button} data-tone="primary" disabled={busy || pending} onClick={ask}>
          {busy || pending ? t('records.export.preparing') : t('records.export.request')}
        </button>
        <p className={styles.status} role="status">
          {error}
        </p>
      </div>
      {exports.length === 0 ? (
        <p className={styles.hint}>{t('records.export.empty')}</p>
      ) : (
        <AdminTable
          columns={[
            t('records.export.requested'),
            t('records.export.requestedBy'),
            t('records.export.state'),
            t('records.export.contents'),
          ]}
        >
          {exports.map((item) => (
            <tr key={item.id}>
              <td>
                <time dateTime={item.requestedAt}>{formatMoment(item.requestedAt, i18n.language)}</time>
              </td>
              <td dir="auto">@{item.requestedBy}</td>
              <td>
                {item.downloadUrl ? (
                  <>
                    <a href={item.downloadUrl} download>
                      {t('records.export.download')}
                    </a>{' '}
                    {item.expiresAt && t('records.export.until', { time: formatMoment(item.expiresAt, i18n.language) })}
                  </>
                ) : (
                  t(`records.export.states.${item.state}`)
                )}
              </td>
              <td>
                {item.rows !== null && item.documents !== null
                  ? `${t('records.export.contentsValue', { rows: item.rows, documents: item.documents })}${
                      item.sizeBytes === null ? '' : ` · ${formatFileSize(item.sizeBytes, i18n.language)}`
                    }`
                  : '–'}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
