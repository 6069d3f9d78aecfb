/** Accent colours of spec §3; each has a palette in styles/theme.css selected by data-accent on <html>. */
export const accents = ['violet', 'black', 'blue', 'red', 'pink', 'gold'] as const;
export type Accent = (typeof accents)[number];
export const defaultAccent: Accent = 'violet';

/** data-theme on <html>; 'system' leaves the choice to prefers-color-scheme in CSS, so nothing flashes. */
export type ThemeMode = 'system' | 'light' | 'dark';

/** The prefersDarkScheme cookie of spec §3: 0 follow the browser, 1 light, 2 dark. */
export function themeFromCookie(value: string | undefined): ThemeMode {
  if (value === '1') return 'light';
  if (value === '2') return 'dark';
  return 'system';
}

/** The prefersDarkScheme cookie value for a theme. */
export function themeCookieValue(theme: ThemeMode): '0' | '1' | '2' {
  if (theme === 'light') return '1';
  if (theme === 'dark') return '2';
  return '0';
}

/** The themeColor cookie (our addition, see lib/cookies.ts) holds an accent's name. */
export function accentFromCookie(value: string | undefined): Accent {
  return accents.find((accent) => accent === value) ?? defaultAccent;
}
