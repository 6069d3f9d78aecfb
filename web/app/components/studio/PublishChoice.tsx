import { useId } from 'react';
import { useTranslation } from '../../i18n/react';
import forms from '../account/forms.module.css';
import choices from '../posts/ManagePostSheet.module.css';
import { ScheduleField } from './ScheduleField';
import { fromLocalInputValue, type ScheduleProblem, scheduleProblem } from './schedule-time';

/** When a new post goes public: as soon as it is processed, never until its owner says (draft), or at a time. */
export interface PublishWhen {
  readonly mode: 'now' | 'draft' | 'schedule';
  /** The `datetime-local` value, in the viewer's time zone, for `schedule`. */
  readonly at: string;
}

export const publishNowChoice: PublishWhen = { mode: 'now', at: '' };

/** What keeps the choice from being sent: a schedule without a time in the allowed range. */
export function publishWhenProblem(when: PublishWhen, now: Date): ScheduleProblem | undefined {
  return when.mode === 'schedule' ? scheduleProblem(fromLocalInputValue(when.at), now) : undefined;
}

const modes = [
  { mode: 'now', label: 'studio.composer.now', hint: 'studio.composer.nowHint' },
  { mode: 'draft', label: 'studio.composer.draft', hint: 'studio.composer.draftHint' },
  { mode: 'schedule', label: 'studio.composer.schedule', hint: 'studio.composer.scheduleHint' },
] as const;

/** The composer's publish now / save as draft / schedule choice, with the time for a schedule. */
export function PublishChoice({
  value,
  onChange,
  showProblem,
}: {
  value: PublishWhen;
  onChange: (value: PublishWhen) => void;
  /** The person tried to send: say what is wrong with the time. */
  showProblem: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className={choices.visibility}>
      <legend className={forms.label}>{t('studio.composer.when')}</legend>
      {modes.map((choice) => (
        <label key={choice.mode} className={choices.choice}>
          <input
            type="radio"
            name={`${id}-when`}
            checked={value.mode === choice.mode}
            onChange={() => onChange({ ...value, mode: choice.mode })}
          />
          <span>
            <strong>{t(choice.label)}</strong>
            <span className={choices.hint}>{t(choice.hint)}</span>
          </span>
        </label>
      ))}
      {value.mode === 'schedule' && (
        <ScheduleField
          value={value.at}
          onChange={(at) => onChange({ ...value, at })}
          problem={showProblem ? publishWhenProblem(value, new Date()) : undefined}
        />
      )}
    </fieldset>
  );
}
