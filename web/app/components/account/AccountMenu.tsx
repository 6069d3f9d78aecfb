import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useViewer } from '../../lib/viewer';
import { useConsoleAccess } from '../moderation/useConsoleAccess';
import styles from './AccountMenu.module.css';
import { Avatar } from './Avatar';

const LogoutDialog = lazy(() => import('./LogoutDialog').then((module) => ({ default: module.LogoutDialog })));

/** The top bar's account corner once signed in: the user's avatar and menu (visitors get LoginLink). */
export function AccountMenu() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const mayModerate = useConsoleAccess(open);

  // A navigation from the menu closes it.
  const [openedAt, setOpenedAt] = useState(pathname);
  if (open && openedAt !== pathname) {
    setOpen(false);
    setOpenedAt(pathname);
  }
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (!viewer) return null;

  const name = viewer.displayName || viewer.username;
  return (
    <div className={styles.account} ref={root}>
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('account.menu.label', { name })}
        onClick={() => {
          setOpenedAt(pathname);
          setOpen((value) => !value);
        }}
      >
        <Avatar avatar={viewer.avatar} name={name} size={36} />
      </button>
      {open && (
        <div className={styles.menu} id={menuId}>
          <div className={styles.who}>
            <Avatar avatar={viewer.avatar} name={name} size={44} />
            <div className={styles.names}>
              <span className={styles.display}>{name}</span>
              <span className={styles.username}>@{viewer.username}</span>
            </div>
          </div>
          <Link className={styles.item} to={`/${viewer.username}`}>
            {t('account.menu.profile')}
          </Link>
          <Link className={styles.item} to="/settings">
            {t('account.menu.settings')}
          </Link>
          <Link className={styles.item} to="/statements">
            {t('statements.menu')}
          </Link>
          {mayModerate && (
            <Link className={styles.item} to="/admin">
              {t('moderation.nav.accountMenu')}
            </Link>
          )}
          <button
            type="button"
            className={styles.item}
            aria-haspopup="dialog"
            onClick={() => {
              setOpen(false);
              setLoggingOut(true);
            }}
          >
            {t('account.menu.logout')}
          </button>
        </div>
      )}
      {loggingOut && (
        <Suspense>
          <LogoutDialog onClose={() => setLoggingOut(false)} />
        </Suspense>
      )}
    </div>
  );
}
