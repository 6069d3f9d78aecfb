import { useEffect, useId, useState } from 'react';
import type { SubmissionBody } from '../../../../server/src/compliance/verification/verification-schema.ts';
import { useTranslation } from '../../i18n/react';
import forms from '../account/forms.module.css';
import styles from './Identity.module.css';

export type PictureField = 'documentFront' | 'documentBack' | 'selfie';
export type IdentityPictures = Partial<Record<PictureField, File>>;
const PICTURE_TYPES = 'image/jpeg,image/png,image/webp';

/** The picture's bytes in base64, as the submission routes take them. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The pictures every verification needs: the front of the ID and a selfie. */
export function hasRequiredPictures(pictures: IdentityPictures): boolean {
  return pictures.documentFront !== undefined && pictures.selfie !== undefined;
}

/**
 * The submission's body from a form holding `IdentityFields` and its chosen pictures: the creator's
 * verification and a guest performer's release send the same person.
 */
export async function identityBody(form: FormData, pictures: IdentityPictures): Promise<SubmissionBody> {
  if (!pictures.documentFront || !pictures.selfie) throw new Error('identity pictures missing');
  return {
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

/** Legal name, date of birth, other names used, the ID pictures and a selfie: who the person is. */
export function IdentityFields({
  pictures,
  onPictures,
}: {
  pictures: IdentityPictures;
  onPictures: (pictures: IdentityPictures) => void;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  const birthId = useId();
  const aliasesId = useId();
  const picked = (field: PictureField) => (file: File | undefined) => onPictures({ ...pictures, [field]: file });
  return (
    <>
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
    </>
  );
}
