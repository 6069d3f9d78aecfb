import { createContext, type ReactNode, useContext } from 'react';
import { createTranslator, type Translator } from './translate';

const TranslatorContext = createContext<Translator>(createTranslator('en-US', {}));

export function I18nProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/** The page's translator: `t(key, values)` and `i18n.language` (the locale, e.g. `de-DE`). */
export function useTranslation(): { t: Translator['t']; i18n: { language: string } } {
  const translator = useContext(TranslatorContext);
  return { t: translator.t, i18n: { language: translator.language } };
}
