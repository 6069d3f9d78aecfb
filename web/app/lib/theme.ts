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
