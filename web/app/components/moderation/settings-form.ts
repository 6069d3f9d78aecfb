import type { CaseCategory, ModerationSettings } from './admin-types';
import { caseCategories } from './admin-types';

export type SettingField = 'defaultDeadlineBusinessDays' | 'nonConsensualDeadlineHours' | 'reportsPerHour' | CaseCategory;

/** The bounds of ModerationSettings (moderation-schema.ts; settings-form.test.ts keeps them equal). */
export const settingLimits = {
  defaultDeadlineBusinessDays: { min: 1, max: 60 },
  nonConsensualDeadlineHours: { min: 1, max: 720 },
  reportsPerHour: { min: 1, max: 1000 },
  categoryDeadlineBusinessDays: { min: 1, max: 60 },
} as const;

export interface SettingProblem {
  readonly field: SettingField;
  readonly min: number;
  readonly max: number;
}

export type SettingsParse =
  | { readonly ok: true; readonly settings: ModerationSettings }
  | { readonly ok: false; readonly problems: readonly SettingProblem[] };

const wholeIn = (text: string, { min, max }: { min: number; max: number }) =>
  /^\d{1,4}$/.test(text) && Number(text) >= min && Number(text) <= max;

/**
 * Reads the settings form into the PUT body, or says which fields are out of bounds before the server
 * is asked. A category's field left empty drops its override (the default deadline applies again).
 */
export function parseSettingsForm(read: (name: string) => string): SettingsParse {
  const problems: SettingProblem[] = [];
  const whole = (field: Exclude<SettingField, CaseCategory>) => {
    const text = read(field).trim();
    if (!wholeIn(text, settingLimits[field])) problems.push({ field, ...settingLimits[field] });
    return Number(text);
  };
  const defaultDeadlineBusinessDays = whole('defaultDeadlineBusinessDays');
  const nonConsensualDeadlineHours = whole('nonConsensualDeadlineHours');
  const reportsPerHour = whole('reportsPerHour');
  const categoryDeadlineBusinessDays: Partial<Record<CaseCategory, number>> = {};
  for (const category of caseCategories) {
    const text = read(`category.${category}`).trim();
    if (!text) continue;
    if (wholeIn(text, settingLimits.categoryDeadlineBusinessDays)) categoryDeadlineBusinessDays[category] = Number(text);
    else problems.push({ field: category, ...settingLimits.categoryDeadlineBusinessDays });
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    settings: { defaultDeadlineBusinessDays, nonConsensualDeadlineHours, reportsPerHour, categoryDeadlineBusinessDays },
  };
}
