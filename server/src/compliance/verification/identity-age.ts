import { AppError } from '../../http/errors.ts';

export const ADULT_AGE = 18;

/** Whole years between an ISO birth day and `today` (UTC); invalid_input for a day that does not exist or lies ahead. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const born = new Date(Date.UTC(year, month - 1, day));
  const real = born.getUTCFullYear() === year && born.getUTCMonth() === month - 1 && born.getUTCDate() === day;
  if (!real || born > today || year < 1900) {
    throw new AppError('invalid_input', { details: [{ field: 'body/dateOfBirth', problem: 'not a past date' }] });
  }
  const beforeBirthday = today.getUTCMonth() < month - 1 || (today.getUTCMonth() === month - 1 && today.getUTCDate() < day);
  return today.getUTCFullYear() - year - (beforeBirthday ? 1 : 0);
}

/** identity_underage unless the person is 18 or older today. */
export function assertAdult(dateOfBirth: string, today = new Date()): number {
  const age = ageOn(dateOfBirth, today);
  if (age < ADULT_AGE) throw new AppError('identity_underage');
  return age;
}
