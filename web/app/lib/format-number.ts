/** What a number counts: views shorten later than other counts (spec §9). */
export type CountKind = 'views' | 'count';

const MILLION = 1_000_000;
const THOUSAND = 1000;
/** Spec §9: view counts shorten to k only above 10,999. */
const VIEWS_SHORTEN_ABOVE = 10_999;

const formats = new Map<string, Intl.NumberFormat>();

/**
 * The locale to hand to Intl for anything showing digits, so a page uses one digit script: Latin digits
 * in every language, with the language's own separators. Intl's defaults differ by region (ar-SA and
 * ar-EG write Arabic-Indic digits, plain ar Latin ones, fa Persian ones), and the spec's k and M
 * suffixes, interpolated counts and ranks are Latin, so "٢٢٫٣k" sat beside "15" on the same screen.
 */
export function numberLocale(locale: string): string {
  try {
    return new Intl.Locale(locale, { numberingSystem: 'latn' }).toString();
  } catch {
    return locale;
  }
}

function numberFormat(locale: string, fractionDigits: 0 | 1): Intl.NumberFormat {
  const key = `${locale}|${fractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(numberLocale(locale), { maximumFractionDigits: fractionDigits, roundingMode: 'trunc' });
    formats.set(key, format);
  }
  return format;
}

/** Cuts to whole tenths without rounding up: 12,399 views are 12.3k, never 12.4k. */
function tenths(value: number, unit: number): number {
  return Math.floor((value * 10) / unit) / 10;
}

/**
 * A like, share, follower or view count as spec §9 shows it, in the locale's digits and separators:
 * - from 1,000,000: millions with one decimal, "1.2M" (exactly 1,000,000 is "1M" rather than the
 *   "1,000k" a strict "above" would give);
 * - views from 11,000 (above 10,999): thousands with one decimal, "12.3k";
 * - other counts from 1,001 (above 1,000): whole thousands, "12k", so 1,000 itself stays "1,000".
 * Shortened figures are truncated, never rounded up, so a count never reads higher than it is and
 * 999,999 never becomes "1000k". A trailing ".0" is dropped ("11k", "2M"). The k and M suffixes are
 * the spec's and stay the same in every language.
 */
export function formatCount(value: number, locale: string, kind: CountKind = 'count'): string {
  const count = Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : 0;
  if (count >= MILLION) return `${numberFormat(locale, 1).format(tenths(count, MILLION))}M`;
  if (kind === 'views' && count > VIEWS_SHORTEN_ABOVE) return `${numberFormat(locale, 1).format(tenths(count, THOUSAND))}k`;
  if (kind === 'count' && count > THOUSAND) return `${numberFormat(locale, 0).format(Math.floor(count / THOUSAND))}k`;
  return numberFormat(locale, 0).format(count);
}
