import { numberLocale } from './format-number';
/** Seconds from a Retry-After header (delay-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d{1,9}$/.test(trimmed)) return Number(trimmed);
  // An HTTP date starts with the day's name ("Fri, 27 Nov 2026 09:00:00 GMT").
  const at = /^[A-Za-z]{3}, /.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * When one may try again, as a person reads it: the clock time, with the weekday when it is not today.
 * Rounded up to the next minute, so the time shown has passed when it is reached.
 */
export function retryTime(seconds: number, locale: string, now = new Date()): string {
  const at = new Date(Math.ceil((now.getTime() + seconds * 1000) / 60_000) * 60_000);
  const sameDay = at.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(numberLocale(locale), {
    ...(sameDay ? {} : { weekday: 'long' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
}
