/** Longest query kept; longer input is cut here so every later step sees the same text. */
export const QUERY_MAX = 100;

/**
 * The comparable form of what someone typed: lower case, Latin accents removed (café → cafe), words split
 * on anything that is not a letter or digit, single spaces. Matches the database's
 * immutable_unaccent(lower(...)) for the languages whose accents unaccent removes.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim()
    .slice(0, QUERY_MAX)
    .trim();
}

/** The words of a normalised query the search uses: the first 8. */
export function queryWords(normalized: string): string[] {
  return normalized.split(' ').filter(Boolean).slice(0, 8);
}

/** Words of a normalised query, for the full text search (`word:*` prefixes joined with &). */
export function prefixTsQuery(normalized: string): string {
  return queryWords(normalized)
    .map((word) => `${word}:*`)
    .join(' & ');
}
