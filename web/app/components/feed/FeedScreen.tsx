import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import styles from './FeedScreen.module.css';
import { FeedTips } from './FeedTips';
import type { FeedPageData } from './feed-loader.server';
import { VerticalFeed } from './VerticalFeed';

export interface FeedScreenProps {
  readonly data: FeedPageData;
  /** The page's title: the heading of the feed for assistive technology and the document outline. */
  readonly title: string;
  /** What an empty list says, and where it sends the visitor. */
  readonly empty: { readonly title: string; readonly text?: string; readonly link: string; readonly linkText: string };
}

/** A feed page: a heading (visually hidden: the posts speak for themselves), the vertical feed and first-visit tips. */
export function FeedScreen({ data, title, empty }: FeedScreenProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className={styles.heading}>{title}</h1>
      <VerticalFeed
        start={data.start}
        autoplay={data.autoplay}
        notPlayableSeen={data.notPlayableSeen}
        label={title || t('feed.post')}
        empty={
          <div className={styles.empty}>
            <h2 className={styles.emptyTitle}>{empty.title}</h2>
            {empty.text && <p className={styles.emptyText}>{empty.text}</p>}
            <Link to={empty.link} className={styles.emptyLink}>
              {empty.linkText}
            </Link>
          </div>
        }
      />
      {data.start.posts.length > 0 && <FeedTips />}
    </>
  );
}
