import { type ComponentProps, createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { type Accent, type ThemeMode, themeCookieValue } from '../../lib/theme';
import { useConsent } from '../consent/ConsentProvider';

interface AppearanceState {
  readonly theme: ThemeMode;
  readonly accent: Accent;
  setTheme(theme: ThemeMode): void;
  setAccent(accent: Accent): void;
}

const AppearanceContext = createContext<AppearanceState | null>(null);

/**
 * Theme and accent as state, so a switch repaints at once through the data attributes on <html>
 * (styles/theme.css) with no reload; the cookies make the server render the same on the next visit.
 */
export function AppearanceProvider(props: { theme: ThemeMode; accent: Accent; children: ReactNode }) {
  const { remember } = useConsent();
  const [theme, setThemeState] = useState(props.theme);
  const [accent, setAccentState] = useState(props.accent);
  const state = useMemo<AppearanceState>(
    () => ({
      theme,
      accent,
      setTheme(next) {
        setThemeState(next);
        remember('prefersDarkScheme', themeCookieValue(next));
      },
      setAccent(next) {
        setAccentState(next);
        remember('themeColor', next);
      },
    }),
    [theme, accent, remember],
  );
  return <AppearanceContext.Provider value={state}>{props.children}</AppearanceContext.Provider>;
}

export function useAppearance(): AppearanceState {
  const state = useContext(AppearanceContext);
  if (!state) throw new Error('useAppearance needs an AppearanceProvider');
  return state;
}

/** The document element, carrying the current theme and accent. */
export function ThemedHtml(props: Omit<ComponentProps<'html'>, 'data-theme' | 'data-accent'>) {
  const { theme, accent } = useAppearance();
  return <html {...props} data-theme={theme} data-accent={accent} />;
}
