import type { StudioState } from '../../../../server/src/studio/studio-schema.ts';
import { useTranslation } from '../../i18n/react';
import styles from './Studio.module.css';

/** A post's state in words, coloured by what it asks of its owner (failed, blocked) or not. */
export function StateBadge({ state }: { state: StudioState }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-state={state}>
      {t(`studio.states.${state}`)}
    </span>
  );
}
