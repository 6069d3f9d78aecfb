import { useId } from 'react';
import { TITLE_MAX } from '../../../../server/src/posts/posts.service.ts';
import type { OrientationValue } from '../../../../server/src/settings/orientation.ts';
import { useTranslation } from '../../i18n/react';
import { orientationChoices } from '../../lib/orientation';
import styles from './PostDetails.module.css';
import { TagField } from './TagField';

export interface DetailsValue {
  readonly title: string;
  readonly tags: readonly string[];
  readonly lgbt: OrientationValue;
  readonly joinClips: boolean;
}

/** Title, tags, the orientation the post is shown in, and joining when several clips are chosen. */
export function PostDetails({
  value,
  canJoin,
  onChange,
  audience = true,
}: {
  value: DetailsValue;
  canJoin: boolean;
  onChange: (change: Partial<DetailsValue>) => void;
  /** The orientation choice; an imported post already has its orientation and cannot change it. */
  audience?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={`${id}-title`} className={styles.label}>
          {t('upload.title')}
        </label>
        <textarea
          id={`${id}-title`}
          className={styles.titleInput}
          rows={2}
          maxLength={TITLE_MAX}
          value={value.title}
          placeholder={t('upload.titlePlaceholder')}
          aria-describedby={`${id}-count`}
          onChange={(event) => onChange({ title: event.currentTarget.value.replace(/\n/g, ' ') })}
        />
        <p id={`${id}-count`} className={styles.counter}>
          {t('upload.titleCount', { count: value.title.length, max: TITLE_MAX })}
        </p>
      </div>
      <TagField tags={value.tags} onChange={(tags) => onChange({ tags })} />
      {audience && (
        <fieldset className={styles.field}>
          <legend className={styles.label}>{t('upload.audience')}</legend>
          <div className={styles.segmented}>
            {orientationChoices.map((choice) => (
              <label key={choice.name} className={styles.segment}>
                <input
                  type="radio"
                  name={`${id}-lgbt`}
                  value={choice.value}
                  checked={value.lgbt === choice.value}
                  onChange={() => onChange({ lgbt: choice.value })}
                />
                <span>{t(`orientation.${choice.name}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {canJoin && (
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={value.joinClips}
            onChange={(event) => onChange({ joinClips: event.currentTarget.checked })}
          />
          <span>
            <span className={styles.checkLabel}>{t('upload.join')}</span>
            <span className={styles.hint}>{t('upload.joinHint')}</span>
          </span>
        </label>
      )}
    </>
  );
}
