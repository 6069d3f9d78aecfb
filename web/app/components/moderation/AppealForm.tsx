import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { ApiError, api } from '../../lib/api';
import styles from './Admin.module.css';
import { AdminPanel } from './AdminPanel';
import type { Statement } from './admin-types';

/**
 * The internal complaint route (DSA art. 20): one appeal per decision, in the user's own words; a banned
 * user sends it with the token of their e-mail's link.
 */
export function AppealForm({ statement, token }: { statement: Statement; token: string | null }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'failed'; code: string }>({ kind: 'idle' });
  if (statement.appeal) {
    return (
      <p role="status" className={styles.status} data-kind="done" data-testid="appeal-status">
        {t(`moderation.appeal.status.${statement.appeal.status}`)}
      </p>
    );
  }
  if (!statement.appealPath) return null;
  return (
    <AdminPanel id="appeal-title" title={t('moderation.appeal.title')}>
      <p className={styles.hint}>{t('moderation.appeal.lead')}</p>
      <form
        className={styles.field}
        onSubmit={async (event) => {
          event.preventDefault();
          const text = String(new FormData(event.currentTarget).get('statement') ?? '').trim();
          setState({ kind: 'sending' });
          try {
            await api(
              token
                ? `/api/enforcement/statements/${statement.id}/appeal-by-token`
                : `/api/enforcement/statements/${statement.id}/appeal`,
              { method: 'POST', body: token ? { token, statement: text } : { statement: text } },
            );
            setState({ kind: 'idle' });
            await revalidator.revalidate();
          } catch (error) {
            setState({ kind: 'failed', code: error instanceof ApiError ? error.code : 'network' });
          }
        }}
      >
        <label htmlFor="appeal-statement">{t('moderation.appeal.statement')}</label>
        <textarea id="appeal-statement" name="statement" required maxLength={5000} rows={5} className={styles.input} />
        <div className={styles.toolbar}>
          <button type="submit" className={styles.button} data-tone="primary" disabled={state.kind === 'sending'}>
            {t('moderation.appeal.send')}
          </button>
        </div>
        <p role="status" className={styles.status} data-kind={state.kind === 'failed' ? 'failed' : undefined}>
          {state.kind === 'failed' && t('moderation.action.failed', { code: state.code })}
        </p>
      </form>
    </AdminPanel>
  );
}
