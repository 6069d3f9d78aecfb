import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { useProofOfWork } from '../account/useProofOfWork';
import { failureReason } from '../discovery/ContactForm';
import styles from './Admin.module.css';
import type { IntakeAnswer } from './admin-types';
import { ComplaintConfirmation } from './ComplaintConfirmation';
import { type ComplaintKind, complaintCategories, complaintKinds, complaintRequest } from './complaint-request';

type State =
  | { readonly kind: 'idle' | 'sending' }
  | { readonly kind: 'failed'; readonly reason: string }
  | { readonly kind: 'filed'; readonly complaint: IntakeAnswer };

/** A labelled text input; `multiline` for the longer answers. */
function Field({
  name,
  label,
  hint,
  type = 'text',
  required = true,
  multiline = false,
  autoComplete,
}: {
  name: string;
  label: string;
  hint?: string;
  type?: string;
  required?: boolean;
  multiline?: boolean;
  autoComplete?: string;
}) {
  const id = `complaint-${name}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          id={id}
          name={name}
          required={required}
          maxLength={4000}
          rows={3}
          className={styles.input}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
      ) : (
        <input
          id={id}
          name={name}
          type={type}
          required={required}
          maxLength={type === 'url' ? 2000 : 300}
          autoComplete={autoComplete}
          className={styles.input}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

function Statement({ name, label }: { name: string; label: string }) {
  return (
    <label className={styles.statement}>
      <input type="checkbox" name={name} required />
      <span>{label}</span>
    </label>
  );
}

/**
 * The public complaint form (no login): a person depicted without consent (a TAKE IT DOWN request), a
 * rights holder (a DMCA notice) or anyone reporting illegal content. Each kind asks for the elements its
 * law names; the ALTCHA proof of work is the sign-up's (the server checks complaints with it).
 */
export function ComplaintForm() {
  const { t, i18n } = useTranslation();
  const proof = useProofOfWork();
  const [kind, setKind] = useState<ComplaintKind>('takedown_request');
  const [state, setState] = useState<State>({ kind: 'idle' });

  if (state.kind === 'filed') return <ComplaintConfirmation complaint={state.complaint} />;

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setState({ kind: 'sending' });
    try {
      const recaptchaToken = await proof.take();
      const body = complaintRequest(kind, data, recaptchaToken, i18n.language);
      const complaint = await api<IntakeAnswer>('/api/complaint', { method: 'POST', body });
      setState({ kind: 'filed', complaint });
    } catch (error) {
      setState({ kind: 'failed', reason: failureReason(error, t as (key: string) => string) });
    }
  };

  return (
    <form className={styles.complaint} onSubmit={submit} aria-busy={state.kind === 'sending'}>
      <fieldset className={styles.kinds}>
        <legend>{t('moderation.complaint.kind')}</legend>
        {complaintKinds.map((option) => (
          <label key={option} className={styles.kindOption}>
            <input type="radio" name="kind" value={option} checked={kind === option} onChange={() => setKind(option)} />
            <span>
              <strong>{t(`moderation.complaint.kinds.${option}.title`)}</strong>
              <span className={styles.hint}>{t(`moderation.complaint.kinds.${option}.description`)}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {kind === 'complaint' && (
        <div className={styles.field}>
          <label htmlFor="complaint-category">{t('moderation.complaint.category')}</label>
          <select id="complaint-category" name="category" className={styles.select} required>
            {complaintCategories.map((category) => (
              <option key={category} value={category}>
                {t(`moderation.category.${category}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      <Field name="urls" label={t('moderation.complaint.urls')} hint={t('moderation.complaint.urlsHint')} multiline />
      {kind === 'dmca_notice' && (
        <Field name="work" label={t('moderation.complaint.work')} hint={t('moderation.complaint.workHint')} multiline />
      )}
      <Field
        name="details"
        label={kind === 'takedown_request' ? t('moderation.complaint.identification') : t('moderation.complaint.details')}
        hint={kind === 'takedown_request' ? t('moderation.complaint.identificationHint') : undefined}
        required={kind === 'complaint'}
        multiline
      />

      <fieldset className={styles.group}>
        <legend>{t('moderation.complaint.contact')}</legend>
        <Field name="name" label={t('moderation.complaint.name')} autoComplete="name" />
        <Field name="email" type="email" label={t('moderation.complaint.email')} autoComplete="email" />
        {kind !== 'complaint' && (
          <>
            <Field
              name="address"
              label={t('moderation.complaint.address')}
              autoComplete="street-address"
              required={kind === 'dmca_notice'}
            />
            <Field name="phone" type="tel" label={t('moderation.complaint.phone')} autoComplete="tel" required={false} />
          </>
        )}
      </fieldset>

      {kind !== 'complaint' && (
        <fieldset className={styles.group}>
          <legend>{t('moderation.complaint.statements')}</legend>
          {kind === 'takedown_request' ? (
            <>
              <Statement name="depicted" label={t('moderation.complaint.depictedOrAuthorised')} />
              <Statement name="goodFaith" label={t('moderation.complaint.goodFaithNonConsent')} />
            </>
          ) : (
            <>
              <Statement name="goodFaith" label={t('moderation.complaint.goodFaithCopyright')} />
              <Statement name="accuracy" label={t('moderation.complaint.accuracy')} />
            </>
          )}
          <Field name="signature" label={t('moderation.complaint.signature')} hint={t('moderation.complaint.signatureHint')} />
        </fieldset>
      )}

      <div className={styles.toolbar}>
        <button type="submit" className={styles.button} data-tone="primary" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? t('moderation.complaint.sending') : t('moderation.complaint.send')}
        </button>
      </div>
      <p role="status" className={styles.status} data-kind={state.kind === 'failed' ? 'failed' : undefined}>
        {state.kind === 'failed' && t('moderation.complaint.failed', { status: state.reason })}
      </p>
    </form>
  );
}
