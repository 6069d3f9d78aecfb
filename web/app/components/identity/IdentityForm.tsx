import { type FormEvent, useEffect, useId, useState } from 'react';
import type { IdentityStanding, SubmissionBody } from '../../../../server/src/compliance/verification/verification-schema.ts';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import forms from '../account/forms.module.css';
import styles from './Identity.module.css';
import { identityErrorMessage } from './identity-errors';

type PictureField = 'documentFront' | 'documentBack' | 'selfie';
const PICTURE_TYPES = 'image/jpeg,image/png,image/webp';

/** The picture's bytes in base64, as the submission route takes them. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** One picture: a labelled file input and, once chosen, its preview (a same-size box before, so nothing moves). */
function PicturePicker(props: {
  field: PictureField;
  label: string;
  hint?: string;
  file: File | undefined;
  onChange: (file: File | undefined) => void;
  capture?: 'user' | 'environment';
}) {
  const { t } = useTranslation();
  const id = useId();
  const [preview, setPreview] = useState<string>();
  useEffect(() => {
    if (!props.file) return setPreview(undefined);
    const url = URL.createObjectURL(props.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [props.file]);
  return (
    <div className={styles.picker}>
      <div className={styles.preview}>
        {preview ? <img src={preview} alt={t('identity.form.preview', { name: props.label })} /> : null}
      </div>
      <div className={forms.field}>
        <label className={forms.label} htmlFor={id}>
          {props.label}
        </label>
        <input
          id={id}
          name={props.field}
          type="file"
          accept={PICTURE_TYPES}
          capture={props.capture}
          className={styles.file}
          aria-describedby={props.hint ? `${id}-hint` : undefined}
          onChange={(event) => props.onChange(event.currentTarget.files?.[0])}
        />
        {props.hint && (
          <p id={`${id}-hint`} className={forms.hint}>
            {props.hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** The manual provider's form: legal name, date of birth, other names, ID pictures and a selfie. */
export function IdentityForm({ onDone, onCancel }: { onDone: (standing: IdentityStanding) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const nameId = useId();
  const birthId = useId();
  const aliasesId = useId();
  const [pictures, setPictures] = useState<Partial<Record<PictureField, File>>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const picked = (field: PictureField) => (file: File | undefined) => setPictures((current) => ({ ...current, [field]: file }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (!pictures.documentFront || !pictures.selfie) return setError(t('identity.form.missing'));
    setBusy(true);
    setError(undefined);
    try {
      const body: SubmissionBody = {
        legalName: String(form.get('legalName') ?? ''),
        dateOfBirth: String(form.get('dateOfBirth') ?? ''),
        aliases: String(form.get('aliases') ?? '')
          .split('\n')
          .map((alias) => alias.trim())
          .filter(Boolean),
        documentFront: await base64Of(pictures.documentFront),
        ...(pictures.documentBack ? { documentBack: await base64Of(pictures.documentBack) } : {}),
        selfie: await base64Of(pictures.selfie),
      };
      onDone(await api<IdentityStanding>('/api/identity/submission', { method: 'POST', body }));
    } catch (failure) {
      setError(identityErrorMessage(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={`${forms.form} ${styles.form}`} onSubmit={(event) => void submit(event)} data-testid="identity-form">
      <div className={forms.field}>
        <label className={forms.label} htmlFor={nameId}>
          {t('identity.form.legalName')}
        </label>
        <input id={nameId} name="legalName" className={forms.input} required maxLength={200} autoComplete="name" />
      </div>
      <div className={forms.field}>
        <label className={forms.label} htmlFor={birthId}>
          {t('identity.form.dateOfBirth')}
        </label>
        <input id={birthId} name="dateOfBirth" type="date" className={forms.input} required autoComplete="bday" />
      </div>
      <div className={forms.field}>
        <label className={forms.label} htmlFor={aliasesId}>
          {t('identity.form.aliases')}
        </label>
        <textarea id={aliasesId} name="aliases" className={forms.textarea} rows={2} aria-describedby={`${aliasesId}-hint`} />
        <p id={`${aliasesId}-hint`} className={forms.hint}>
          {t('identity.form.aliasesHint')}
        </p>
      </div>
      <PicturePicker
        field="documentFront"
        label={t('identity.form.documentFront')}
        file={pictures.documentFront}
        onChange={picked('documentFront')}
      />
      <PicturePicker
        field="documentBack"
        label={t('identity.form.documentBack')}
        file={pictures.documentBack}
        onChange={picked('documentBack')}
      />
      <PicturePicker
        field="selfie"
        label={t('identity.form.selfie')}
        hint={t('identity.form.selfieHint')}
        file={pictures.selfie}
        onChange={picked('selfie')}
        capture="user"
      />
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
