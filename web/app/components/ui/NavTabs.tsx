import { Link, useLocation } from 'react-router';
import styles from './NavTabs.module.css';

export interface NavTab {
  readonly to: string;
  readonly label: string;
  /** Current only on exactly `to`, not on the addresses below it. */
  readonly end?: boolean;
  /** Other address prefixes this tab stands for (the studio's Posts tab for its post editor). */
  readonly alsoFor?: readonly string[];
  /** Whether the tab is the page's, where the path cannot tell (tabs that differ by query, as the analytics range). */
  readonly current?: boolean;
}

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** Whether the tab is the page's: `end` tabs match their address only, others everything below it too. */
export function isCurrentTab(tab: NavTab, pathname: string): boolean {
  if (tab.current !== undefined) return tab.current;
  const path = pathname.replace(/\/+$/, '') || '/';
  if (tab.end ? path === tab.to : under(path, tab.to)) return true;
  return tab.alsoFor?.some((prefix) => under(path, prefix)) ?? false;
}

/**
 * Tabs that are pages: a row of links with the current one marked (`aria-current="page"`), scrolling
 * sideways on a narrow screen. For tabs inside one page (panels), the notification centre's tablist.
 */
export function NavTabs({ tabs, label, size = 'large' }: { tabs: readonly NavTab[]; label: string; size?: 'large' | 'small' }) {
  const { pathname } = useLocation();
  return (
    <nav className={styles.tabs} data-size={size} aria-label={label}>
      <ul className={styles.list}>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              className={styles.tab}
              aria-current={isCurrentTab(tab, pathname) ? 'page' : undefined}
              preventScrollReset
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
