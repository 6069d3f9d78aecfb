import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ScraperJobView } from '../../../../server/src/scraper/scraper.service.ts';
import { useTranslation } from '../../i18n/react';
import { ApiError, api } from '../../lib/api';
import own from './ImportComposer.module.css';
import { importMessageKey } from './import-messages';
import styles from './UploadComposer.module.css';

/** Paste an address, start the import (POST /api/scraper) and follow it at /new-post?import={id}. */
export function ImportLinkForm() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  const start = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const { job } = await api<{ job: ScraperJobView }>('/api/scraper', { method: 'POST', body: { sourceUrl: address.trim() } });
      await navigate(`/new-post?import=${job.id}`, { replace: true });
    } catch (error) {
      setProblem(t(importMessageKey(error instanceof ApiError ? error.code : 'network')));
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.panel}
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (address.trim()) void start();
      }}
    >
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        {t('imports.formTitle')}
      </h2>
      <div className={own.linkField}>
        <label htmlFor={`${id}-url`} className={own.label}>
          {t('imports.address')}
        </label>
        <input
          id={`${id}-url`}
          className={own.linkInput}
          type="url"
          inputMode="url"
          autoComplete="off"
          required
          maxLength={2048}
          placeholder="https://"
          value={address}
          disabled={busy}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setAddress(event.currentTarget.value)}
        />
        <p id={`${id}-hint`} className={styles.hint}>
          {t('imports.addressHint')}
        </p>
      </div>
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primaryButton} disabled={busy || !address.trim()}>
          {busy ? t('imports.starting') : t('imports.start')}
        </button>
      </div>
    </form>
  );
}
