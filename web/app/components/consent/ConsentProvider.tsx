import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { Consent, CookieName, CookieStorage } from '../../lib/cookies';
import { recordConsent, rememberCookie } from '../../lib/preferences';

interface ConsentState {
  /** Undefined until the visitor answers the banner. */
  readonly consent: Consent | undefined;
  readonly choicesOpen: boolean;
  /** The cookie banner is on screen: no answer yet, or the visitor reopened their choices. */
  readonly bannerVisible: boolean;
  decide(consent: Consent): void;
  /** Opens the banner on its category choices again (from the site settings). */
  openChoices(): void;
  closeChoices(): void;
  /** Stores a cookie as the consent allows; components never write document.cookie themselves. */
  remember(name: CookieName, value: string): CookieStorage;
}

const ConsentContext = createContext<ConsentState | null>(null);

export function ConsentProvider(props: { initial: Consent | undefined; signedIn: boolean; locale: string; children: ReactNode }) {
  const { signedIn, locale } = props;
  const [consent, setConsent] = useState(props.initial);
  const [choicesOpen, setChoicesOpen] = useState(false);

  const decide = useCallback((next: Consent) => {
    recordConsent(next);
    setConsent(next);
    setChoicesOpen(false);
  }, []);
  const remember = useCallback(
    (name: CookieName, value: string) => rememberCookie(name, value, { consent, signedIn, locale }),
    [consent, signedIn, locale],
  );

  const state = useMemo<ConsentState>(
    () => ({
      consent,
      choicesOpen,
      bannerVisible: consent === undefined || choicesOpen,
      decide,
      remember,
      openChoices: () => setChoicesOpen(true),
      closeChoices: () => setChoicesOpen(false),
    }),
    [consent, choicesOpen, decide, remember],
  );
  return <ConsentContext.Provider value={state}>{props.children}</ConsentContext.Provider>;
}

export function useConsent(): ConsentState {
  const state = useContext(ConsentContext);
  if (!state) throw new Error('useConsent needs a ConsentProvider');
  return state;
}
