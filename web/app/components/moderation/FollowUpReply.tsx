import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { failureReason } from '../discovery/ContactForm';
import styles from './Admin.module.css';

type State = { readonly kind: 'idle' | 'sending' | 'done' } | { readonly kind: 'failed'; readonly reason: string };

/** The reporter's answer to the moderators, sent with the follow-up token; a closed case takes none. */
export function FollowUpReply({ token, closed }: { token: string; closed: boolean }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [state, setState] = useState<State>({ kind: 'idle' });
  if (closed) return <p className={styles.hint}>{t('statements.followUp.closed')}</p>;
  return (
    <form
      className={styles.panel}
      aria-busy={state.kind === 'sending'}
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const text = String(new FormData(form).get('text') ?? '').trim();
        if (!text) return;
        setState({ kind: 'sending' });
        try {
          await api('/api/complaint/follow-up', { method: 'POST', body: { token, text } });
          form.reset();
          setState({ kind: 'done' });
          await revalidator.revalidate();
        } catch (error) {
          setState({ kind: 'failed', reason: failureReason(error, t as (key: string) => string) });
        }
      }}
    >
      <div className={styles.field}>
        <label htmlFor="follow-up-text">{t('statements.followUp.reply')}</label>
        <textarea id="follow-up-text" name="text" required maxLength={5000} rows={4} className={styles.input} />
      </div>
      <div className={styles.toolbar}>
        <button type="submit" className={styles.button} data-tone="primary" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? t('statements.followUp.sending') : t('statements.followUp.send')}
        </button>
      </div>
      <p role="status" className={styles.status} data-kind={state.kind === 'failed' ? 'failed' : state.kind}>
        {state.kind === 'done' && t('statements.followUp.sent')}
        {state.kind === 'failed' && t('statements.followUp.failed', { status: state.reason })}
      </p>
    </form>
  );
}
