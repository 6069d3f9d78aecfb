import type { NavigateFunction } from 'react-router';

/** Whether the browser history holds an earlier page of this site (React Router numbers its entries from 0). */
export function hasPreviousEntry(historyState: unknown): boolean {
  const index = (historyState as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' && index > 0;
}

/** Login link carrying the current address as `next`, so the visitor comes back here (spec §2 authonly). */
export function loginHref(pathname: string, search: string): string {
  return `/login?next=${encodeURIComponent(`${pathname}${search}`)}`;
}

/** Spec §2: back goes to the previous page when the visitor came from one inside the site, else home. */
export function goBack(navigate: NavigateFunction): void {
  if (hasPreviousEntry(window.history.state)) void navigate(-1);
  else void navigate('/');
}

const MAIN_SECTION = /^\/(?:(?:gay|trans)|(?:following|popular|tag|playlist|search)(?:-gay|-trans)?)?\/?$/;

/** The pages of the main navigation, which need no back button: the site's top level. */
export function isMainSection(pathname: string): boolean {
  return MAIN_SECTION.test(pathname);
}
