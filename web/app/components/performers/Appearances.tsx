import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useAccount } from '../account/AccountSession';
import forms from '../account/forms.module.css';
import studio from '../studio/Studio.module.css';
import { PerformerState } from './PerformerState';
import styles from './Performers.module.css';
import {
  type AppearancesAnswer,
  loadAppearances,
  type PerformerRequest,
  performerErrorKey,
  withdrawAsPerformer,
} from './performers-api';
import { WithdrawDialog } from './WithdrawDialog';

const SUCCESS_MS = 5000;
const ERROR_MS = 8000;

function AppearanceRow({ appearance, onWithdraw }: { appearance: PerformerRequest; onWithdraw: () => void }) {
  const { t } = useTranslation();
  const title = appearance.post.title.trim() || t('performers.appearances.untitled');
  return (
    <li className={styles.appearance} data-testid="appearance">
      <span className={styles.thumb}>
        {appearance.post.thumbnail ? <img src={appearance.post.thumbnail} alt="" width={54} height={72} loading="lazy" /> : null}
      </span>
      <span className={styles.appearanceBody}>
        <strong dir="auto">{title}</strong>
        <span className={styles.appearanceMeta}>
          <PerformerState performer={appearance} />
          <span>{t('performers.appearances.by', { username: appearance.creator.username })}</span>
        </span>
      </span>
      {appearance.state === 'consented' && (
        <button type="button" className={forms.secondary} aria-haspopup="dialog" onClick={onWithdraw}>
          {t('performers.appearances.withdraw')}
        </button>
      )}
      {appearance.state === 'pending' && (
        <Link to="/notifications" className={forms.secondary}>
          {t('performers.appearances.answer')}
        </Link>
      )}
    </li>
  );
}

/**
 * The posts the signed-in account appears in (GET /api/me/appearances), each with its state; consent
 * given can be withdrawn, which hides the post and opens a case.
 */
export function Appearances({ first }: { first: AppearancesAnswer }) {
  const { t } = useTranslation();
  const { showStatus } = useAccount();
  const [appearances, setAppearances] = useState(first.appearances);
  const [cursor, setCursor] = useState(first.cursor);
  const [loading, setLoading] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [withdrawing, setWithdrawing] = useState<number>();
  useEffect(() => {
    setAppearances(first.appearances);
    setCursor(first.cursor);
  }, [first]);

  const more = async () => {
    if (!cursor) return;
    setLoading('loading');
    try {
      const page = await loadAppearances(cursor);
      setAppearances((current) => [...current, ...page.appearances]);
      setCursor(page.cursor);
      setLoading('idle');
    } catch {
      setLoading('failed');
    }
  };

  const withdraw = async (performerId: number, reason: string) => {
    try {
      const next = await withdrawAsPerformer(performerId, reason);
      setAppearances((current) => current.map((item) => (item.performerId === performerId ? next : item)));
      showStatus(t('performers.withdraw.done'), 'success', SUCCESS_MS);
      return true;
    } catch (error) {
      showStatus(t(performerErrorKey(error)), 'error', ERROR_MS);
      return false;
    }
  };

  return (
    <section className={studio.posts} aria-labelledby="appearances-title">
      <div>
        <h2 id="appearances-title" className={studio.panelTitle}>
          {t('performers.appearances.title')}
        </h2>
        <p className={studio.lead}>{t('performers.appearances.lead')}</p>
      </div>
      {appearances.length === 0 ? (
        <p className={studio.empty}>{t('performers.appearances.empty')}</p>
      ) : (
        <ul className={styles.appearances}>
          {appearances.map((appearance) => (
            <AppearanceRow
              key={appearance.performerId}
              appearance={appearance}
              onWithdraw={() => setWithdrawing(appearance.performerId)}
            />
          ))}
        </ul>
      )}
      {cursor && (
        <div className={studio.more}>
          <button type="button" className={forms.secondary} disabled={loading === 'loading'} onClick={() => void more()}>
            {loading === 'loading'
              ? t('performers.appearances.loading')
              : loading === 'failed'
                ? t('performers.appearances.loadFailed')
                : t('performers.appearances.more')}
          </button>
        </div>
      )}
      {withdrawing !== undefined && (
        <WithdrawDialog onClose={() => setWithdrawing(undefined)} onWithdraw={(reason) => withdraw(withdrawing, reason)} />
      )}
    </section>
  );
}
