import { useTranslation } from '../../i18n/react';
import type { MessageKey } from '../../i18n/translate';
import styles from './Performers.module.css';
import type { ManifestPerformer } from './performers-api';

type Stated = Pick<ManifestPerformer, 'state'> &
  Partial<Pick<ManifestPerformer, 'releaseInReview' | 'releaseExpired' | 'cleared'>>;

type Shown = 'waiting' | 'inReview' | 'expired' | 'confirmed' | 'declined' | 'withdrawn';

const label: Readonly<Record<Shown, MessageKey>> = {
  waiting: 'performers.state.waiting',
  inReview: 'performers.state.inReview',
  expired: 'performers.state.expired',
  confirmed: 'performers.state.confirmed',
  declined: 'performers.state.declined',
  withdrawn: 'performers.state.withdrawn',
};

/** A manifest row's state as its creator reads it: a guest's release can also be in review or expired. */
function shownOf(performer: Stated): Shown {
  if (performer.state === 'declined' || performer.state === 'withdrawn') return performer.state;
  if (performer.releaseInReview || (performer.state === 'consented' && performer.cleared === false)) return 'inReview';
  if (performer.state === 'consented') return 'confirmed';
  return performer.releaseExpired ? 'expired' : 'waiting';
}

/** Waiting, confirmed, declined or withdrawn, in words and colour. */
export function PerformerState({ performer }: { performer: Stated }) {
  const { t } = useTranslation();
  const shown = shownOf(performer);
  return (
    <span className={styles.state} data-state={shown}>
      {t(label[shown])}
    </span>
  );
}
