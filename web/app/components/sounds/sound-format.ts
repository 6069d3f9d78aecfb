/** A sound's length as m:ss in the locale's digits; empty when unknown. */
export function soundLength(seconds: number | null, locale: string): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '';
  const whole = Math.round(seconds);
  const digits = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  return `${new Intl.NumberFormat(locale).format(Math.floor(whole / 60))}:${digits.format(whole % 60)}`;
}
