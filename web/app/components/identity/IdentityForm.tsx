import { type FormEvent, useState } from 'react';
import type { IdentityStanding } from '../../../../server/src/compliance/verification/verification-schema.ts';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import forms from '../account/forms.module.css';
import styles from './Identity.module.css';
import { hasRequiredPictures, IdentityFields, type IdentityPictures, identityBody } from './IdentityFields';
import { identityErrorMessage } from './identity-errors';

/** The manual provider's form: legal name, date of birth, other names, ID pictures and a selfie. */
export function IdentityForm({ onDone, onCancel }: { onDone: (standing: IdentityStanding) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [pictures, setPictures] = useState<IdentityPictures>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!hasRequiredPictures(pictures)) return setError(t('identity.form.missing'));
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      const body = await identityBody(form, pictures);
      onDone(await api<IdentityStanding>('/api/identity/submission', { method: 'POST', body }));
    } catch (failure) {
      setError(identityErrorMessage(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={`${forms.form} ${styles.form}`} onSubmit={(event) => void submit(event)} data-testid="identity-form">
      <IdentityFields pictures={pictures} onPictures={setPictures} />
      <p className={forms.hint}>{t('identity.form.privacy')}</p>
      <p className={forms.error} role="alert">
        {error}
      </p>
      <div className={forms.actions}>
        <button type="button" className={forms.secondary} onClick={onCancel}>
          {t('identity.form.cancel')}
        </button>
        <button type="submit" className={forms.primary} disabled={busy}>
          {busy ? t('identity.form.sending') : t('identity.form.submit')}
        </button>
      </div>
    </form>
  );
}
