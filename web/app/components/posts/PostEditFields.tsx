import { useId } from 'react';
import { PostStatus } from '../../../../server/src/posts/post-status.ts';
import { TITLE_MAX } from '../../../../server/src/posts/posts.service.ts';
import { useTranslation } from '../../i18n/react';
import forms from '../account/forms.module.css';
import { TagField } from '../upload/TagField';
import styles from './ManagePostSheet.module.css';
import type { PostEdit } from './usePostEdit';

/** Title, tags and, when `visibility`, the public/private choice of an owner's post edit (usePostEdit). */
export function PostEditFields({ edit, visibility }: { edit: PostEdit; visibility: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <div className={forms.field}>
        <label htmlFor={`${id}-title`} className={forms.label}>
          {t('manage.title')}
        </label>
        <input
          id={`${id}-title`}
          className={forms.input}
          value={edit.title}
          maxLength={TITLE_MAX}
          dir="auto"
          onChange={(event) => edit.setTitle(event.currentTarget.value)}
        />
      </div>
      <TagField tags={edit.tags} onChange={edit.setTags} />
      {visibility && (
        <fieldset className={styles.visibility}>
          <legend className={forms.label}>{t('manage.visibility')}</legend>
          {([PostStatus.published, PostStatus.private] as const).map((value) => (
            <label key={value} className={styles.choice}>
              <input
                type="radio"
                name={`${id}-visibility`}
                checked={edit.visibility === value}
                onChange={() => edit.setVisibility(value)}
              />
              <span>
                <strong>{t(value === PostStatus.published ? 'manage.public' : 'manage.private')}</strong>
                <span className={styles.hint}>
                  {t(value === PostStatus.published ? 'manage.publicHint' : 'manage.privateHint')}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </>
  );
}
