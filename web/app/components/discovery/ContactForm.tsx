import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { ApiError, api } from '../../lib/api';
import { useAltcha } from './altcha';
import form from './ContactForm.module.css';
import styles from './discovery.module.css';

type Status = { readonly kind: 'idle' | 'checking' | 'sending' | 'sent' } | { readonly kind: 'failed'; readonly reason: string };

/** The reason shown with status-contact-failed: a translated error code, else the server's status text. */
export function failureReason(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    const key = `discovery.contact.errors.${error.code}`;
    const text = t(key);
    return text === key ? error.message : text;
  }
  return t('discovery.contact.errors.network');
}

/** /contact-us: e-mail, subject and message, with the ALTCHA check solved in the browser (spec §7 POST /api/contact). */
export function ContactForm() {
  const { t } = useTranslation();
  const altcha = useAltcha();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const busy = status.kind === 'checking' || status.kind === 'sending';

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const element = event.currentTarget;
    try {
      setStatus({ kind: 'checking' });
      const recaptchaToken = await altcha.take();
      setStatus({ kind: 'sending' });
      await api('/api/contact', {
        method: 'POST',
        body: {
          email: String(data.get('email') ?? '').trim(),
          subject: String(data.get('subject') ?? '').trim(),
          text: String(data.get('text') ?? '').trim(),
          userAgent: navigator.userAgent.slice(0, 500),
          recaptchaToken,
        },
      });
      element.reset();
      setStatus({ kind: 'sent' });
    } catch (error) {
      setStatus({ kind: 'failed', reason: failureReason(error, t as (key: string) => string) });
    }
  };

  return (
    <form className={form.form} onSubmit={submit} onFocusCapture={altcha.prepare} aria-busy={busy}>
      <div className={form.field}>
        <label htmlFor="contact-email">{t('discovery.contact.email')}</label>
        <input
          id="contact-email"
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          className={form.input}
        />
      </div>
      <div className={form.field}>
        <label htmlFor="contact-subject">{t('discovery.contact.subject')}</label>
        <input id="contact-subject" name="subject" type="text" maxLength={200} className={form.input} />
      </div>
      <div className={form.field}>
        <label htmlFor="contact-text">{t('discovery.contact.text')}</label>
        <textarea id="contact-text" name="text" required maxLength={5000} rows={7} className={form.input} />
      </div>
      <p className={form.note}>{t('discovery.contact.note')}</p>
      <div className={form.actions}>
        <button type="submit" className={styles.primaryButton} disabled={busy}>
          {status.kind === 'checking'
            ? t('discovery.contact.checking')
            : status.kind === 'sending'
              ? t('discovery.contact.sending')
              : t('discovery.contact.send')}
        </button>
      </div>
      <p role="status" className={form.status} data-kind={status.kind}>
        {status.kind === 'sent' && t('discovery.contact.sent')}
        {status.kind === 'failed' && t('discovery.contact.failed', { status: status.reason })}
      </p>
    </form>
  );
}
