import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { MessageKey } from '../../i18n/translate';
import forms from '../account/forms.module.css';
import { type ScheduleProblem, scheduleBounds, suggestedScheduleTime, toLocalInputValue } from './schedule-time';

const problemKeys: Record<ScheduleProblem, MessageKey> = {
  invalid: 'studio.errors.invalidTime',
  tooSoon: 'studio.errors.schedule_too_soon',
  tooFar: 'studio.errors.schedule_too_far',
};

/**
 * The date and time a post goes public, typed in the viewer's time zone (a `datetime-local` input limited
 * to the allowed range). Starts an hour ahead when empty; the range and the zone are the browser's.
 */
export function ScheduleField({
  value,
  onChange,
  problem,
  initial,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Shown once the person has typed or tried to submit. */
  problem: ScheduleProblem | undefined;
  /** What an empty field starts with (a scheduled post's time); an hour from now otherwise. */
  initial?: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [bounds, setBounds] = useState<{ min: string; max: string; zone: string }>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, as the field appears in the browser
  useEffect(() => {
    const now = new Date();
    setBounds({ ...scheduleBounds(now), zone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    if (!value) onChange(toLocalInputValue(initial ? new Date(initial) : suggestedScheduleTime(now)));
  }, []);

  return (
    <div className={forms.field}>
      <label htmlFor={`${id}-at`} className={forms.label}>
        {t('studio.schedule.label')}
      </label>
      <input
        id={`${id}-at`}
        type="datetime-local"
        className={forms.input}
        value={value}
        min={bounds?.min}
        max={bounds?.max}
        step={60}
        required
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-help${problem ? ` ${id}-problem` : ''}`}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <p id={`${id}-help`} className={forms.hint}>
        {t('studio.schedule.help', { zone: bounds?.zone ?? 'UTC' })}
      </p>
      {problem && (
        <p id={`${id}-problem`} className={forms.error} role="alert">
          {t(problemKeys[problem])}
        </p>
      )}
    </div>
  );
}
