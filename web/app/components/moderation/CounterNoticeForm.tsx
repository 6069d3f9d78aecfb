import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { ApiError, api } from '../../lib/api';
import { numberLocale } from '../../lib/format-number';
import styles from './Admin.module.css';
import type { CounterNoticeAnswer } from './admin-types';

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

/** 17 U.S.C. §512(g)(3): identification, the two sworn statements, contact details and a signature. */
export function CounterNoticeForm({ statementId }: { statementId: number }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<
    { kind: 'idle' | 'sending' } | { kind: 'failed'; code: string } | { kind: 'sent'; restoreAt: string }
  >({ kind: 'idle' });
  if (state.kind === 'sent') {
    const date = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'long' }).format(new Date(state.restoreAt));
    return (
      <p role="status" className={styles.status} data-kind="done">
        {t('moderation.counter.sent', { date })}
      </p>
    );
  }
  const field = (name: 'fullName' | 'address' | 'phone' | 'email', type = 'text', autoComplete?: string) => (
    <div className={styles.field}>
      <label htmlFor={`counter-${name}`}>{t(`moderation.counter.${name}`)}</label>
      <input
        id={`counter-${name}`}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        maxLength={500}
        className={styles.input}
      />
    </div>
  );
  return (
    <form
      className={styles.complaint}
      onSubmit={async (event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        setState({ kind: 'sending' });
        try {
          const answer = await api<CounterNoticeAnswer>(`/api/enforcement/statements/${statementId}/counter-notice`, {
            method: 'POST',
            body: {
              fullName: text(data, 'fullName'),
              address: text(data, 'address'),
              phone: text(data, 'phone'),
              email: text(data, 'email'),
              material: text(data, 'material'),
              perjuryStatement: true,
              jurisdictionConsent: true,
              signature: text(data, 'signature'),
            },
          });
          setState({ kind: 'sent', restoreAt: answer.restoreAt });
        } catch (error) {
          setState({ kind: 'failed', code: error instanceof ApiError ? error.code : 'network' });
        }
      }}
    >
      <div className={styles.field}>
        <label htmlFor="counter-material">{t('moderation.counter.material')}</label>
        <textarea id="counter-material" name="material" required minLength={5} maxLength={2000} className={styles.input} />
      </div>
      {field('fullName', 'text', 'name')}
      {field('address', 'text', 'street-address')}
      {field('phone', 'tel', 'tel')}
      {field('email', 'email', 'email')}
      <label className={styles.statement}>
        <input type="checkbox" name="perjury" required />
        <span>{t('moderation.counter.perjury')}</span>
      </label>
      <label className={styles.statement}>
        <input type="checkbox" name="jurisdiction" required />
        <span>{t('moderation.counter.jurisdiction')}</span>
      </label>
      <div className={styles.field}>
        <label htmlFor="counter-signature">{t('moderation.counter.signature')}</label>
        <input id="counter-signature" name="signature" required minLength={2} maxLength={200} className={styles.input} />
      </div>
      <div className={styles.toolbar}>
        <button type="submit" className={styles.button} data-tone="primary" disabled={state.kind === 'sending'}>
          {t('moderation.counter.send')}
        </button>
      </div>
      <p role="status" className={styles.status} data-kind={state.kind === 'failed' ? 'failed' : undefined}>
        {state.kind === 'failed' && t('moderation.action.failed', { code: state.code })}
      </p>
    </form>
  );
}
