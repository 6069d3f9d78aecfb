import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useAccount } from '../account/AccountSession';
import forms from '../account/forms.module.css';
import { ConsentScopes } from './ConsentScopes';
import { PerformerState } from './PerformerState';
import styles from './Performers.module.css';
import {
  type ConsentScopeValue,
  consentAsPerformer,
  coversRequiredScopes,
  declineAsPerformer,
  loadPerformerRequest,
  type PerformerRequest,
  performerErrorKey,
} from './performers-api';

const SUCCESS_MS = 4000;
const ERROR_MS = 8000;

/**
 * Under a "you appear in a post" notification: the scopes to agree to, Confirm and Decline; once
 * answered, the answer's state. The request is read when the card shows, so it is always current.
 */
export function PerformerRequestCard({ performerId }: { performerId: number }) {
  const { t } = useTranslation();
  const { showStatus } = useAccount();
  const [request, setRequest] = useState<PerformerRequest>();
  const [scopes, setScopes] = useState<ConsentScopeValue[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let stopped = false;
    loadPerformerRequest(performerId).then(
      (loaded) => {
        if (stopped) return;
        setRequest(loaded);
        setScopes(loaded.scopesAsked.filter((scope) => scope !== 'downloads'));
      },
      () => undefined,
    );
    return () => {
      stopped = true;
    };
  }, [performerId]);

  if (!request) return null;
  const answer = async (choice: 'confirm' | 'decline') => {
    setBusy(true);
    try {
      const next = choice === 'confirm' ? await consentAsPerformer(performerId, scopes) : await declineAsPerformer(performerId);
      setRequest(next);
      showStatus(t(choice === 'confirm' ? 'performers.request.confirmed' : 'performers.request.declined'), 'success', SUCCESS_MS);
    } catch (error) {
      showStatus(t(performerErrorKey(error)), 'error', ERROR_MS);
    } finally {
      setBusy(false);
    }
  };

  if (request.state !== 'pending') {
    return (
      <div className={styles.request} data-testid="performer-request">
        <p>
          {t('performers.request.answered')} <PerformerState performer={request} />
        </p>
      </div>
    );
  }
  return (
    <div className={styles.request} data-testid="performer-request">
      <ConsentScopes asked={request.scopesAsked} value={scopes} onChange={setScopes} />
      <div className={forms.actions}>
        <button type="button" className={forms.secondary} disabled={busy} onClick={() => void answer('decline')}>
          {t('performers.request.decline')}
        </button>
        <button
          type="button"
          className={forms.primary}
          disabled={busy || !coversRequiredScopes(scopes)}
          onClick={() => void answer('confirm')}
        >
          {t('performers.request.confirm')}
        </button>
      </div>
    </div>
  );
}
