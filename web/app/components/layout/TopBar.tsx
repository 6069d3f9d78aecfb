import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { orientationOf, variantPath } from '../../lib/orientation';
import { useRootData } from '../../lib/root-data';
import accountStyles from '../account/AccountMenu.module.css';
import { LoginLink } from '../account/LoginLink';
import { useOpenSiteDialog } from '../dialogs/SiteDialogs';
import { SpriteIcon } from '../icons/sprite';
import { UploadButton } from '../upload/UploadButton';
import { BackButton } from './BackButton';
import { MenuIcon, VelvetMark } from './icons';
import { PrimaryNav } from './PrimaryNav';
import styles from './TopBar.module.css';

// Only for the signed in: a visitor's first visit does not load it (bench/src/first-load-js.ts). A signed-in
// page keeps the server's bell and menu button on screen while the code arrives; a client render (just
// signed in) holds their two places.
const SignedInCorner = lazy(() => import('./SignedInCorner').then((module) => ({ default: module.SignedInCorner })));
const cornerPlaces = (
  <>
    <span className={accountStyles.trigger} aria-hidden="true" />
    <span className={accountStyles.trigger} aria-hidden="true" />
  </>
);

export function TopBar({ withNavigation }: { withNavigation: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const variant = orientationOf(pathname);
  const openDialog = useOpenSiteDialog();
  const signedIn = useRootData()?.signedIn ?? false;
  const searchPath = variantPath('search', variant);
  // The search page has its own field: a second box in the bar above it would only compete.
  const onSearchPage = pathname === searchPath;
  return (
    <header className={styles.topBar}>
      <BackButton />
      <Link to={variantPath('home', variant)} className={styles.brand} aria-label={t('shell.home')}>
        <VelvetMark />
        <span className={styles.wordmark}>{t('app.name')}</span>
      </Link>
      {withNavigation && <PrimaryNav placement="top" />}
      {onSearchPage ? (
        <span className={styles.searchSpace} />
      ) : (
        <Link to={searchPath} className={styles.search}>
          <SpriteIcon name="search" />
          <span className={styles.searchLabel}>{t('nav.search')}</span>
        </Link>
      )}
      <button
        type="button"
        className={styles.menu}
        aria-label={t('shell.menu')}
        aria-haspopup="dialog"
        onClick={() => openDialog('menu')}
      >
        <MenuIcon />
      </button>
      <button
        type="button"
        className={styles.settings}
        aria-label={t('siteSettings.title')}
        aria-haspopup="dialog"
        onClick={() => openDialog('settings')}
      >
        <SpriteIcon name="sliders" />
      </button>
      <UploadButton placement="top" />
      {signedIn ? (
        <Suspense fallback={cornerPlaces}>
          <SignedInCorner />
        </Suspense>
      ) : (
        <LoginLink />
      )}
    </header>
  );
}
