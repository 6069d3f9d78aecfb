import { describe, expect, test } from 'vitest';
import { addBusinessDays, caseDeadline } from './deadlines.ts';

const settings = { defaultDeadlineBusinessDays: 7, nonConsensualDeadlineHours: 48, categoryDeadlineBusinessDays: {} };
const utc = (text: string) => new Date(`${text}Z`);

describe('business-day deadlines (UTC, Monday to Friday)', () => {
  test('seven business days from a Friday end on the Tuesday after next, same time', () => {
    // 2026-11-27 is a Friday.
    expect(addBusinessDays(utc('2026-11-27T10:30:00'), 7)).toEqual(utc('2026-12-08T10:30:00'));
  });

  test('from a Monday, five business days are exactly one week', () => {
    expect(addBusinessDays(utc('2026-11-23T09:00:00'), 5)).toEqual(utc('2026-11-30T09:00:00'));
  });

  test('one business day from Friday evening is Monday evening, never a weekend day', () => {
    expect(addBusinessDays(utc('2026-11-27T23:59:00'), 1)).toEqual(utc('2026-11-30T23:59:00'));
  });

  test('a report on Saturday or Sunday counts from Monday 00:00 UTC', () => {
    const fromMonday = utc('2026-12-09T00:00:00');
    expect(addBusinessDays(utc('2026-11-28T15:00:00'), 7)).toEqual(fromMonday);
    expect(addBusinessDays(utc('2026-11-29T23:59:59'), 7)).toEqual(fromMonday);
    expect(addBusinessDays(utc('2026-11-29T23:59:59'), 0)).toEqual(utc('2026-11-30T00:00:00'));
  });

  test('the count crosses a month and a year end', () => {
    expect(addBusinessDays(utc('2026-12-31T12:00:00'), 2)).toEqual(utc('2027-01-04T12:00:00'));
  });

  test('non-consensual imagery gets 48 calendar hours, weekend or not', () => {
    expect(caseDeadline('non_consensual', utc('2026-11-27T18:00:00'), settings)).toEqual(utc('2026-11-29T18:00:00'));
  });

  test('other categories take their override, else the default', () => {
    const received = utc('2026-11-27T10:00:00');
    expect(caseDeadline('illegal', received, settings)).toEqual(utc('2026-12-08T10:00:00'));
    const spamInTen = { ...settings, categoryDeadlineBusinessDays: { spam: 10 } };
    expect(caseDeadline('spam', received, spamInTen)).toEqual(utc('2026-12-11T10:00:00'));
    expect(caseDeadline('other', received, spamInTen)).toEqual(utc('2026-12-08T10:00:00'));
  });
});
