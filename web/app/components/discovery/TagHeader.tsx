import { useTranslation } from '../../i18n/react';
import { formatCount } from '../../lib/format-number';
import { ShareLinkButton } from '../share/ShareLinkButton';
import styles from './discovery.module.css';
import { still, type TagView } from './discovery-types';
import header from './TagHeader.module.css';

interface TagHeaderProps {
  readonly tag: TagView;
  /** The page's path, for the share button. */
  readonly path: string;
  readonly lgbt: number;
}

/** The tag page's header: picture, name in the reader's language, its other names, its stats and sharing. */
export function TagHeader({ tag, path, lgbt }: TagHeaderProps) {
  const { t, i18n } = useTranslation();
  const picture = still(tag.tagMedia?.variants ?? {}, 'thumb');
  const otherNames = [...new Set((tag.translations ?? []).map((translation) => translation.tag))].filter(
    (name) => name !== tag.name,
  );
  const stats = [
    { key: 'posts', value: tag.stats.postVisible || tag.useCount },
    { key: 'views', value: tag.stats.postViewsCount },
    { key: 'likes', value: tag.stats.postLikesCount },
    { key: 'visits', value: tag.stats.hitsCount },
  ] as const;
  return (
    <header className={header.header}>
      <div className={header.badge} aria-hidden="true">
        {picture.jpg ? <img src={picture.jpg} alt="" className={header.picture} /> : <span>#</span>}
      </div>
      <div className={header.text}>
        <h1 className={header.title}>
          <bdi>#{tag.name}</bdi>
        </h1>
        {otherNames.length > 0 && (
          <p className={header.aliases}>{t('discovery.tag.alsoKnownAs', { names: otherNames.slice(0, 6).join(' · ') })}</p>
        )}
        {tag.tagDetail && <p className={header.detail}>{tag.tagDetail}</p>}
        <dl className={header.stats}>
          {stats.map((stat) => (
            <div key={stat.key} className={header.stat}>
              <dt>{t(`discovery.tag.stats.${stat.key}`)}</dt>
              <dd>{formatCount(stat.value, i18n.language, stat.key === 'views' ? 'views' : 'count')}</dd>
            </div>
          ))}
        </dl>
        <div>
          <ShareLinkButton
            path={path}
            title={`#${tag.name}`}
            kind="tag"
            message={{ event: 'shareTag', data: { tag: tag.tag, lgbt } }}
            className={styles.secondaryButton}
          />
        </div>
      </div>
    </header>
  );
}
