import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import forms from '../account/forms.module.css';
import { hasRequiredPictures, IdentityFields, type IdentityPictures, identityBody } from '../identity/IdentityFields';
import { ConsentScopes } from './ConsentScopes';
import styles from './Performers.module.css';
import { type ConsentScopeValue, coversRequiredScopes, performerErrorKey, type Release, submitRelease } from './performers-api';

/** Compared as the server compares a signature with the legal name: spacing and case aside. */
const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A guest performer's release: who they are (the verification's own fields and pictures), what they agree
 * to, their legal name typed as signature and the acceptance; sent as one request to POST /api/release/{token}.
 */
export function ReleaseForm({ token, release, onSent }: { token: string; release: Release; onSent: (release: Release) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [pictures, setPictures] = useState<IdentityPictures>({});
  const [scopes, setScopes] = useState<ConsentScopeValue[]>(['depicted', 'distribution']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const signature = String(form.get('signature') ?? '');
    if (!hasRequiredPictures(pictures)) return setError(t('performers.release.missing'));
    if (!coversRequiredScopes(scopes)) return setError(t('performers.errors.consent_scopes_incomplete'));
    if (!sameName(signature, String(form.get('legalName') ?? '')))
      return setError(t('performers.errors.release_signature_mismatch'));
    if (form.get('accept') !== 'on') return setError(t('performers.release.acceptMissing'));
    setBusy(true);
    setError(undefined);
    try {
      const identity = await identityBody(form, pictures);
      onSent(await submitRelease(token, { ...identity, scopes, signature: signature.trim(), accept: true }));
    } catch (failure) {
      setError(t(performerErrorKey(failure)));
      setBusy(false);
    }
  };

  return (
    <form className={`${forms.form} ${styles.releaseForm}`} onSubmit={(event) => void submit(event)} data-testid="release-form">
      <IdentityFields pictures={pictures} onPictures={setPictures} />
      <ConsentScopes asked={release.scopesAsked} value={scopes} onChange={setScopes} />
      <div className={forms.field}>
        <label htmlFor={`${id}-signature`} className={forms.label}>
          {t('performers.release.signature')}
        </label>
        <input
          id={`${id}-signature`}
          name="signature"
          className={forms.input}
          required
          maxLength={200}
          autoComplete="off"
          aria-describedby={`${id}-signature-hint`}
        />
        <p id={`${id}-signature-hint`} className={forms.hint}>
          {t('performers.release.signatureHint')}
        </p>
      </div>
      <label className={styles.accept}>
        <input type="checkbox" name="accept" required />
        <span>{t('performers.release.accept')}</span>
      </label>
      <p className={forms.hint}>{t('performers.release.privacy')}</p>
      <p className={forms.error} role="alert">
        {error}
      </p>
      <div className={forms.actions}>
        <button type="submit" className={forms.primary} disabled={busy}>
          {busy ? t('performers.release.sending') : t('performers.release.submit')}
        </button>
      </div>
    </form>
  );
}
