import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { CloseIcon } from '../layout/icons';
import styles from './PostDetails.module.css';
import { addTags, TAG_MAX_LENGTH, TAGS_MAX } from './tag-entry';

/** Tags as chips: space, Enter or comma commits what was typed; Backspace in the empty field takes the last one back. */
export function TagField({ tags, onChange }: { tags: readonly string[]; onChange: (tags: string[]) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const id = useId();
  const commit = (text: string) => {
    onChange(addTags(tags, text));
    setTyped('');
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {t('upload.tags')}
      </label>
      <div className={styles.tagBox}>
        {tags.map((tag) => (
          <span key={tag} className={styles.tagChip}>
            #{tag}
            <button
              type="button"
              className={styles.tagRemove}
              aria-label={t('upload.removeTag', { tag })}
              onClick={() => onChange(tags.filter((other) => other !== tag))}
            >
              <CloseIcon size={14} strokeWidth={2.6} />
            </button>
          </span>
        ))}
        <input
          id={id}
          className={styles.tagInput}
          value={typed}
          maxLength={TAG_MAX_LENGTH + 1}
          disabled={tags.length >= TAGS_MAX}
          placeholder={t('upload.tagsPlaceholder')}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          enterKeyHint="done"
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (/[\s,]/.test(value)) commit(value);
            else setTyped(value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit(typed);
            } else if (event.key === 'Backspace' && typed === '' && tags.length > 0) {
              onChange(tags.slice(0, -1));
            }
          }}
          onBlur={() => typed && commit(typed)}
        />
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('upload.tagsHint', { max: TAGS_MAX })}
      </p>
    </div>
  );
}
