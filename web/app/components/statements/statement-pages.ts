import type { Statement } from '../moderation/admin-types';

/** GET /api/enforcement/statements answers 30 at a time (server/src/enforcement/enforcement.routes.ts). */
export const STATEMENTS_PAGE = 30;

/** The call for the page after `loaded`, or null when the last answer was short: there is nothing older. */
export function olderStatementsPath(loaded: readonly Statement[], lastPageLength: number): string | null {
  const last = loaded.at(-1);
  if (!last || lastPageLength < STATEMENTS_PAGE) return null;
  return `/api/enforcement/statements?${new URLSearchParams({ before: String(last.id) })}`;
}
