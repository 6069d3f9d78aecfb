import { NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { orientationOf, type SuffixedSection, variantPath } from '../../lib/orientation';
import { SpriteIcon, type SpriteIconName } from '../icons/sprite';
import styles from './PrimaryNav.module.css';

interface NavItem {
  readonly label: 'nav.forYou' | 'nav.following' | 'nav.popular' | 'nav.tags' | 'nav.playlists' | 'nav.search';
  readonly icon: SpriteIconName;
  /** A section keeps the visitor's site variant (/popular-gay); a plain path does not have one. */
  readonly target: { section: SuffixedSection | 'home' } | { path: string };
}

const items: readonly NavItem[] = [
  { label: 'nav.forYou', icon: 'home', target: { section: 'home' } },
  { label: 'nav.following', icon: 'following', target: { path: '/following' } },
  { label: 'nav.popular', icon: 'popular', target: { section: 'popular' } },
  { label: 'nav.tags', icon: 'tag', target: { section: 'tag' } },
  { label: 'nav.playlists', icon: 'playlist', target: { section: 'playlist' } },
  { label: 'nav.search', icon: 'search', target: { section: 'search' } },
];

/**
 * The main navigation in one of its three placements: the side panel (wide screens), the top bar
 * (between the mobile and side-panel breakpoints) and the bottom bar (mobile, where search lives
 * in the top bar). CSS shows exactly one of those three at any width; `menu` is the mobile side menu's copy.
 */
export function PrimaryNav({ placement }: { placement: 'panel' | 'top' | 'bottom' | 'menu' }) {
  const { t } = useTranslation();
  const variant = orientationOf(useLocation().pathname);
  const shown = placement === 'panel' || placement === 'menu' ? items : items.filter((item) => item.label !== 'nav.search');
  return (
    <nav aria-label={t('shell.mainNavigation')} className={styles[placement]} data-main-navigation>
      <ul className={styles.list}>
        {shown.map(({ label, icon, target }) => {
          const to = 'path' in target ? target.path : variantPath(target.section, variant);
          return (
            <li key={label}>
              <NavLink to={to} end={'section' in target && target.section === 'home'} className={styles.link}>
                <SpriteIcon name={icon} />
                <span className={styles.label}>{t(label)}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
