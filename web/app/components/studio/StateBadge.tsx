import { PostStatus } from '../../../../server/src/posts/post-status.ts';
import type { StudioState } from '../../../../server/src/studio/studio-schema.ts';
import { useTranslation } from '../../i18n/react';
import styles from './Studio.module.css';

/**
 * A post's state in words, coloured by what it asks of its owner (failed, blocked) or not. A post held
 * for its performers (status 13) says so, whatever studio state it is counted in.
 */
export function StateBadge({ state, status }: { state: StudioState; status?: number }) {
  const { t } = useTranslation();
  if (status === PostStatus.awaitingPerformers) {
    return (
      <span className={styles.badge} data-state="review" title={t('performers.awaitingHint')}>
        {t('performers.awaiting')}
      </span>
    );
  }
  return (
    <span className={styles.badge} data-state={state}>
      {t(`studio.states.${state}`)}
    </span>
  );
}
