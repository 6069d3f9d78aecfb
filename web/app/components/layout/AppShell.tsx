import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './AppShell.module.css';
import { type Layout, layoutFrames } from './layouts';
import { PrimaryNav } from './PrimaryNav';
import { SiteFooter } from './SiteFooter';
import { TopBar } from './TopBar';

/** The page frame for a layout: top bar, side panel, bottom navigation and footer, or none of them. */
export function AppShell({ layout, children }: { layout: Layout; children: ReactNode }) {
  const { t } = useTranslation();
  const { chrome, width } = layoutFrames[layout];
  const full = chrome === 'full';
  const content = (
    <div className={styles.content} data-width={width}>
      {children}
      {full && <SiteFooter placement="page" />}
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
      <a href="#content" className={styles.skipLink}>
        {t('shell.skipToContent')}
      </a>
      <TopBar withNavigation={full} />
      <div className={styles.body}>
        {full && (
          <aside className={styles.sidePanel}>
            <PrimaryNav placement="panel" />
            <SiteFooter placement="panel" />
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
