import { useState } from 'react';
import type { CaseCategory, IntakeAnswer } from '../../../../server/src/moderation/moderation-schema.ts';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { Dialog } from '../dialogs/Dialog';
import { FollowUpLinkNote } from '../moderation/FollowUpLinkNote';
import { useAltcha } from './altcha';
import { failureReason } from './ContactForm';
import form from './ContactForm.module.css';
import styles from './discovery.module.css';

const REASONS = ['underage', 'nonConsent', 'illegal', 'stolen', 'spam', 'other'] as const;

/** The case category (moderation-schema.ts) each reason opens: it sets the case's deadline and queue. */
const CATEGORIES: Readonly<Record<(typeof REASONS)[number], CaseCategory>> = {
  underage: 'underage',
  nonConsent: 'non_consensual',
  illegal: 'illegal',
  stolen: 'copyright',
  spam: 'spam',
  other: 'other',
};

export type ReportTarget = { readonly postId: number } | { readonly abuseUserId: number };

/**
 * Reports a post or an account to the operators (spec §7 POST /api/abuse). Opened by ReportButton on the
 * screens that show a post or a profile; works for visitors and users alike.
 */
export function ReportDialog({ open, onClose, target }: { open: boolean; onClose: () => void; target: ReportTarget }) {
  const { t } = useTranslation();
  const altcha = useAltcha();
  const [state, setState] = useState<
    { kind: 'idle' | 'sending' } | { kind: 'sent'; followUpToken?: string } | { kind: 'failed'; reason: string }
  >({ kind: 'idle' });
  const isPost = 'postId' in target;

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setState({ kind: 'sending' });
    try {
      const reason = String(data.get('reason') ?? 'other') as (typeof REASONS)[number];
      const details = String(data.get('details') ?? '').trim();
      // A report answers with its case (contact.service.ts): the follow-up token is shown only now.
      const sent = await api<Partial<IntakeAnswer>>('/api/abuse', {
        method: 'POST',
        body: {
          ...target,
          subject: reason,
          category: CATEGORIES[reason] ?? 'other',
          text: `[${reason}] ${details || t(`discovery.report.reasons.${reason}`)}`,
          email: String(data.get('email') ?? '').trim(),
          userAgent: navigator.userAgent.slice(0, 500),
          recaptchaToken: await altcha.take(),
        },
      });
      setState({ kind: 'sent', followUpToken: sent.followUpToken });
    } catch (error) {
      setState({ kind: 'failed', reason: failureReason(error, t as (key: string) => string) });
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => {
        setState({ kind: 'idle' });
        onClose();
      }}
      title={isPost ? t('discovery.report.titlePost') : t('discovery.report.titleUser')}
      description={t('discovery.report.description')}
    >
      {state.kind === 'sent' ? (
        <>
          <p role="status" className={form.status} data-kind="sent">
            {t('discovery.report.sent')}
          </p>
          {state.followUpToken && <FollowUpLinkNote token={state.followUpToken} />}
        </>
      ) : (
        <form className={form.form} onSubmit={submit} onFocusCapture={altcha.prepare}>
          <fieldset className={form.reasons}>
            <legend>{t('discovery.report.reason')}</legend>
            {REASONS.map((reason, index) => (
              <label key={reason} className={form.reason}>
                <input
                  type="radio"
                  name="reason"
                  value={reason}
                  required
                  defaultChecked={index === 0}
                  data-autofocus={index === 0 || undefined}
                />
                {t(`discovery.report.reasons.${reason}`)}
              </label>
            ))}
          </fieldset>
          <div className={form.field}>
            <label htmlFor="report-details">{t('discovery.report.details')}</label>
            <textarea id="report-details" name="details" maxLength={4000} rows={3} className={form.input} />
          </div>
          <div className={form.field}>
            <label htmlFor="report-email">{t('discovery.report.email')}</label>
            <input id="report-email" name="email" type="email" maxLength={254} autoComplete="email" className={form.input} />
          </div>
          <div className={form.actions}>
            <button type="submit" className={styles.primaryButton} disabled={state.kind === 'sending'}>
              {state.kind === 'sending' ? t('discovery.contact.sending') : t('discovery.report.send')}
            </button>
          </div>
          {state.kind === 'failed' && (
            <p role="status" className={form.status} data-kind="failed">
              {t('discovery.contact.failed', { status: state.reason })}
            </p>
          )}
        </form>
      )}
    </Dialog>
  );
}
