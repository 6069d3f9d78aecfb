import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatCount } from '../../lib/format-number';
import { StillPicture } from '../media/StillPicture';
import styles from './discovery.module.css';
import { still, type TagView } from './discovery-types';
import cards from './TagCards.module.css';

/** Category tiles: the tag's picture with its name and how many posts carry it. */
export function CategoryCards({ tags, label }: { tags: readonly TagView[]; label: string }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className={cards.categories} aria-label={label}>
      {tags.map((tag, index) => {
        const picture = still(tag.tagMedia?.variants ?? {}, 'listing');
        return (
          <li key={tag.id}>
            <Link to={tag.path} className={cards.category} prefetch="intent">
              {picture.jpg && <StillPicture webp={picture.webp} jpg={picture.jpg} className={cards.picture} eager={index < 6} />}
              <span className={cards.categoryText}>
                <bdi className={cards.categoryName}>#{tag.name}</bdi>
                <span className={cards.categoryCount}>
                  {t('counts.posts', { count: tag.useCount, formatted: formatCount(tag.useCount, i18n.language) })}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Tags as pills linking to their pages, with an optional post count. */
export function TagChips({ tags, label, counts = false }: { tags: readonly TagView[]; label: string; counts?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <ul className={styles.chips} aria-label={label}>
      {tags.map((tag) => (
        <li key={tag.id}>
          <Link to={tag.path} className={styles.chip} prefetch="intent">
            <bdi>#{tag.name}</bdi>
            {counts && <span className={styles.chipCount}>{formatCount(tag.useCount, i18n.language)}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
