import { describe, expect, it } from 'vitest';
import { ModerationSettings } from '../../../../server/src/moderation/moderation-schema.ts';
import { parseSettingsForm, settingLimits } from './settings-form';

const reader = (values: Record<string, string>) => (name: string) => values[name] ?? '';
const filled = { defaultDeadlineBusinessDays: '7', nonConsensualDeadlineHours: '48', reportsPerHour: '20' };

describe('parseSettingsForm', () => {
  it('reads every field into the PUT body, dropping empty category overrides', () => {
    const parsed = parseSettingsForm(reader({ ...filled, 'category.copyright': ' 10 ', 'category.spam': '' }));
    expect(parsed).toEqual({
      ok: true,
      settings: {
        defaultDeadlineBusinessDays: 7,
        nonConsensualDeadlineHours: 48,
        reportsPerHour: 20,
        categoryDeadlineBusinessDays: { copyright: 10 },
      },
    });
  });

  it('names each field out of bounds or not a whole number, with its bounds', () => {
    const parsed = parseSettingsForm(
      reader({ ...filled, defaultDeadlineBusinessDays: '0', reportsPerHour: '2.5', 'category.illegal': '61' }),
    );
    expect(parsed).toEqual({
      ok: false,
      problems: [
        { field: 'defaultDeadlineBusinessDays', min: 1, max: 60 },
        { field: 'reportsPerHour', min: 1, max: 1000 },
        { field: 'illegal', min: 1, max: 60 },
      ],
    });
  });

  it('keeps the bounds of the server schema', () => {
    const bounds = (schema: unknown) => {
      const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
      return { min: minimum, max: maximum };
    };
    const { properties } = ModerationSettings;
    expect(settingLimits.defaultDeadlineBusinessDays).toEqual(bounds(properties.defaultDeadlineBusinessDays));
    expect(settingLimits.nonConsensualDeadlineHours).toEqual(bounds(properties.nonConsensualDeadlineHours));
    expect(settingLimits.reportsPerHour).toEqual(bounds(properties.reportsPerHour));
    expect(settingLimits.categoryDeadlineBusinessDays).toEqual(
      bounds(properties.categoryDeadlineBusinessDays.properties.copyright),
    );
  });
});
