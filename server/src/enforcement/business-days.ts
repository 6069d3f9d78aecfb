const DAY_MS = 86_400_000;

/**
 * `from` plus `days` business days (Monday to Friday, UTC), keeping the time of day: a counter-notice sent
 * on a Friday at 15:00 with 10 business days comes back on the Friday two weeks later at 15:00. A start on
 * a weekend counts from the next Monday's same time. Public holidays are not known here.
 */
export function addBusinessDays(from: Date, days: number): Date {
  let at = from.getTime();
  const weekday = () => new Date(at).getUTCDay();
  while (weekday() === 0 || weekday() === 6) at += DAY_MS;
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    if (weekday() !== 0 && weekday() !== 6) left -= 1;
  }
  return new Date(at);
}
