import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from '../../i18n/react';
import { useOpenSiteDialog } from '../dialogs/SiteDialogs';
import { IconSprite, SpriteIcon } from '../icons/sprite';
import { OrientationSwitch } from '../orientation/OrientationSwitch';
import styles from './AppShell.module.css';
import { type Layout, layoutFrames } from './layouts';
import { PrimaryNav } from './PrimaryNav';
import { TopBar } from './TopBar';

// Links only, which work as plain links until their code arrives (the choosers' links open their pages).
const SiteFooter = lazy(() => import('./SiteFooter').then((module) => ({ default: module.SiteFooter })));
// Banners are fetched after the page has loaded (BannerSlot), so their code comes with them.
const BannerSlot = lazy(() => import('../discovery/BannerSlot').then((module) => ({ default: module.BannerSlot })));

/** The page frame for a layout: top bar, side panel, bottom navigation and footer, or none of them. */
export function AppShell({ layout, children }: { layout: Layout; children: ReactNode }) {
  const { t } = useTranslation();
  const openDialog = useOpenSiteDialog();
  const { chrome, width } = layoutFrames[layout];
  const full = chrome === 'full';
  const content = (
    <div className={styles.content} data-width={width}>
      {full && width === 'feed' && (
        <div className={styles.pageOrientation}>
          <OrientationSwitch compact />
        </div>
      )}
      {children}
      {full && (
        <Suspense>
          <SiteFooter placement="page" />
        </Suspense>
      )}
    </div>
  );

  if (chrome === 'none') {
    return (
      <main id="content" className={styles.bare}>
        {content}
      </main>
    );
  }

  return (
    <div className={styles.shell} data-chrome={chrome}>
      <IconSprite set="shell" />
      <a href="#content" className={styles.skipLink}>
        {t('shell.skipToContent')}
      </a>
      <TopBar withNavigation={full} />
      <div className={styles.body}>
        {full && (
          <aside className={styles.sidePanel}>
            <div className={styles.panelOrientation}>
              <OrientationSwitch compact />
            </div>
            <PrimaryNav placement="panel" />
            <button type="button" className={styles.panelSettings} aria-haspopup="dialog" onClick={() => openDialog('settings')}>
              <SpriteIcon name="sliders" />
              <span>{t('siteSettings.title')}</span>
            </button>
            <Suspense>
              <SiteFooter placement="panel" />
            </Suspense>
            <Suspense>
              <BannerSlot position="side" />
            </Suspense>
          </aside>
        )}
        <main id="content" tabIndex={-1} className={styles.main}>
          {content}
        </main>
      </div>
      {full && <PrimaryNav placement="bottom" />}
    </div>
  );
}
