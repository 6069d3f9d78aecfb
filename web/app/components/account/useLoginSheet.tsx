import { lazy, type ReactNode, Suspense, useCallback, useRef, useState } from 'react';

const LoginSheet = lazy(() => import('./LoginSheet').then((module) => ({ default: module.LoginSheet })));

/** What to do once the visitor is logged in (the like they asked for). */
type AfterLogin = () => void | Promise<void>;

/**
 * For an action a visitor cannot take yet (a like in the feed): `requestLogin(then)` opens the login
 * sheet over the page, which stays where it is; once logged in, `then` runs. The sheet's code loads when
 * it first opens.
 */
export function useLoginSheet(): { loginSheet: ReactNode; requestLogin: (then: AfterLogin) => void } {
  const [open, setOpen] = useState(false);
  const pending = useRef<AfterLogin | undefined>(undefined);

  const requestLogin = useCallback((then: AfterLogin) => {
    pending.current = then;
    setOpen(true);
  }, []);
  const close = () => {
    pending.current = undefined;
    setOpen(false);
  };

  const loginSheet = open && (
    <Suspense fallback={null}>
      <LoginSheet
        onClose={close}
        onSignedIn={() => {
          const then = pending.current;
          close();
          void then?.();
        }}
      />
    </Suspense>
  );
  return { loginSheet, requestLogin };
}
