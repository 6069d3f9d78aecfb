import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import own from '../components/age-assurance/AgeAssurance.module.css';
import { completeAgeCheck } from '../components/age-assurance/age-check-api';
import styles from '../components/consent/AgeGate.module.css';
import { VelvetMark } from '../components/layout/icons';
import type { RouteHandle } from '../components/layout/layouts';
import { privatePageMeta } from '../components/moderation/admin-meta';
import { useTranslation } from '../i18n/react';
import { ApiError } from '../lib/api';
import type { Route } from './+types/age-check-test-provider';

export const handle: RouteHandle = { layout: 'empty' };

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'ageassurance.provider.title');

/** Only a path of this site: the provider's step must not become an open redirect. */
function sameSite(path: string | null): string {
  return path && /^\/(?![/\\])/.test(path) ? path : '/';
}

/**
 * The built-in test provider's step (compliance/age-assurance/age-check-provider.ts): where a vendor's
 * ID or face-estimation check would run, the person chooses the outcome. Passing returns to the page
 * they came from, whose media the server now serves.
 */
export default function AgeCheckTestProvider() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reference = params.get('reference') ?? '';
  const returnTo = sameSite(params.get('returnTo'));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const passRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    passRef.current?.focus();
  }, []);

  const answer = async (outcome: 'pass' | 'fail') => {
    setBusy(true);
    setProblem('');
    try {
      await completeAgeCheck(reference, { outcome });
      window.location.assign(returnTo);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'network';
      setProblem(code === 'age_check_attempt_invalid' ? t('ageassurance.provider.expired') : t('ageassurance.provider.failed'));
      setBusy(false);
    }
  };

  return (
    <main className={own.page}>
      <section className={styles.card} aria-labelledby="test-provider-title">
        <div className={styles.brand}>
          <VelvetMark />
        </div>
        <h1 id="test-provider-title" className={styles.title}>
          {t('ageassurance.provider.title')}
        </h1>
        <p className={styles.message}>{t('ageassurance.provider.lead')}</p>
        <p className={own.note}>{t('ageassurance.gate.privacy')}</p>
        <div className={styles.actions}>
          <button ref={passRef} type="button" className={styles.enter} disabled={busy} onClick={() => answer('pass')}>
            {t('ageassurance.provider.pass')}
          </button>
          <button type="button" className={styles.leave} disabled={busy} onClick={() => answer('fail')}>
            {t('ageassurance.provider.fail')}
          </button>
        </div>
        <p role="status" className={own.failed}>
          {problem}
        </p>
      </section>
    </main>
  );
}
