import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { applyAccountCookies } from '../../lib/preferences';
import { useRootData } from '../../lib/root-data';
import {
  endSession,
  keepLogoutMessage,
  type LoginSession,
  renewalDelay,
  renewSession,
  SESSION_MESSAGE_MS,
  safeNextPath,
  shareExpiry,
  takeLogoutMessage,
} from '../../lib/session';
import { useConsent } from '../consent/ConsentProvider';
import { type StatusExtras, type StatusMessage, StatusToasts } from './StatusToasts';

/** Spec §9: a message stays 15000 ms unless its caller says otherwise. */
const MESSAGE_DEFAULT_MS = 15_000;
/** Spec §9: the status messages of §8 stay 3–8 s. */
export const STATUS_MESSAGE_MS = 5000;
const NOTIFICATION_SOUND_URL = '/sounds/notification.mp3';

export interface AccountActions {
  /** Shows a status message (spec §3/§8), already translated. */
  showStatus(message: string, type?: StatusMessage['type'], timeout?: number, extras?: StatusExtras): void;
  /** After login or sign-up: loads the own profile, starts renewal, greets (not during sign-up) and goes to `next`. */
  signedIn(session: LoginSession, options?: { next?: string | null; signup?: boolean }): Promise<void>;
  /** Spec §4 logout: cookies cleared, anonymous again, renewal stopped, the message kept for the next load. */
  logOut(options?: { message?: string }): Promise<void>;
}

const AccountContext = createContext<AccountActions | undefined>(undefined);

export function useAccount(): AccountActions {
  const actions = useContext(AccountContext);
  if (!actions) throw new Error('useAccount outside <AccountSession>');
  return actions;
}

/** The client side of the session lifecycle (spec §4) and the status messages of every screen. */
export function AccountSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const root = useRootData();
  const { consent } = useConsent();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [messages, setMessages] = useState<StatusMessage[]>([]);
  const [exp, setExp] = useState(root?.viewer ? root.sessionExp : undefined);
  const nextId = useRef(0);
  const signedInUser = root?.viewer?.id;

  const dismiss = useCallback((id: number) => setMessages((current) => current.filter((status) => status.id !== id)), []);
  const showStatus = useCallback<AccountActions['showStatus']>(
    (message, type = 'info', timeout = MESSAGE_DEFAULT_MS, extras = {}) => {
      nextId.current += 1;
      const id = nextId.current;
      setMessages((current) => [...current.slice(-2), { id, message, type, timeout, ...extras }]);
      if (extras.notification && !extras.noStatusSound && !document.hidden) {
        void new Audio(NOTIFICATION_SOUND_URL).play().catch(() => undefined);
      }
      window.setTimeout(() => dismiss(id), timeout);
    },
    [dismiss],
  );

  const logOut = useCallback<AccountActions['logOut']>(
    async ({ message } = {}) => {
      setExp(undefined);
      await endSession().catch((error: unknown) => console.warn('logout call failed', error));
      keepLogoutMessage(message ?? t('account.status.loggedOut'), consent?.includes('preferences') ?? false);
      // A fresh load drops every piece of the user's state (sign-up step, caches, sockets) in one go.
      window.location.assign('/');
    },
    [consent, t],
  );

  const signedIn = useCallback<AccountActions['signedIn']>(
    async (session, { next, signup = false } = {}) => {
      shareExpiry(session.exp);
      setExp(session.exp);
      // A new account has nothing saved yet; a login brings the account's preferences before the pages reload.
      if (!signup) await applyAccountCookies(consent);
      await revalidator.revalidate();
      if (!signup) showStatus(t('account.status.loggedIn'), 'success', SESSION_MESSAGE_MS);
      if (next !== undefined) await navigate(safeNextPath(next));
    },
    [consent, navigate, revalidator, showStatus, t],
  );

  // The message the previous page kept when it logged out (spec §4).
  useEffect(() => {
    const message = takeLogoutMessage();
    if (message) showStatus(message, 'info', SESSION_MESSAGE_MS);
  }, [showStatus]);

  // Spec §4: a banned (or leaving) account gets its message and is logged out at once.
  const block = root?.accountBlock;
  useEffect(() => {
    if (!block) return;
    void logOut({ message: t(block === 'user_banned' ? 'account.status.banned' : 'account.status.toBeDeleted') });
  }, [block, logOut, t]);

  useEffect(() => {
    if (root?.sessionExp && signedInUser) setExp(root.sessionExp);
  }, [root?.sessionExp, signedInUser]);

  // Spec §4 renewal: 20 s before expiry, at once when already expired; a failure warns and logs out.
  useEffect(() => {
    if (exp === undefined || signedInUser === undefined) return;
    let timer: number | undefined;
    const schedule = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(
        () => {
          renewSession()
            .then(setExp)
            .catch((error: unknown) => {
              console.warn('session renewal failed, logging out', error);
              void logOut();
            });
        },
        renewalDelay(exp, Date.now()),
      );
    };
    schedule();
    // Timers sleep in background tabs; coming back re-checks the expiry at once.
    const onVisible = () => document.visibilityState === 'visible' && schedule();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [exp, signedInUser, logOut]);

  const actions = useMemo(() => ({ showStatus, signedIn, logOut }), [showStatus, signedIn, logOut]);
  return (
    <AccountContext.Provider value={actions}>
      {children}
      <StatusToasts messages={messages} onDismiss={dismiss} />
    </AccountContext.Provider>
  );
}
