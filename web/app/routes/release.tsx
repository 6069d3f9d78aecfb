import { useState } from 'react';
import { serverContext } from '#server-context';
import type { Release, ReleaseAnswer } from '../../../server/src/compliance/performers/performers-schema.ts';
import { useAccount } from '../components/account/AccountSession';
import forms from '../components/account/forms.module.css';
import type { RouteHandle } from '../components/layout/layouts';
import { privatePageMeta } from '../components/moderation/admin-meta';
import styles from '../components/performers/Performers.module.css';
import { performerErrorKey, withdrawRelease } from '../components/performers/performers-api';
import { ReleaseForm } from '../components/performers/ReleaseForm';
import { WithdrawDialog } from '../components/performers/WithdrawDialog';
import { useTranslation } from '../i18n/react';
import { numberLocale } from '../lib/format-number';
import type { Route } from './+types/release';

export const handle: RouteHandle = { layout: 'static' };

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'performers.release.metaTitle');

const WITHDRAWN_MS = 6000;

type Loaded = { readonly link: 'valid'; readonly release: Release } | { readonly link: 'expired' | 'invalid' };

/** GET /api/release/{token}: the release a guest performer was e-mailed; an expired or used link says so. */
export async function loader({ params, context }: Route.LoaderArgs): Promise<Loaded> {
  const token = params.token;
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { link: 'invalid' };
  const answer = await context.get(serverContext).api<Partial<ReleaseAnswer> & { error?: string }>(`/api/release/${token}`);
  if (answer.statusCode === 2 && answer.release) return { link: 'valid', release: answer.release };
  return { link: answer.error === 'release_link_expired' ? 'expired' : 'invalid' };
}

/** Where the guest's release stands: sent and in review, approved, rejected (send again), or still to sign. */
function ReleaseState({ release }: { release: Release }) {
  const { t } = useTranslation();
  if (release.state === 'declined' || release.state === 'withdrawn')
    return <p role="status">{t('performers.release.declinedState')}</p>;
  if (release.submission === 'pending') return <p role="status">{t('performers.release.submitted')}</p>;
  if (release.submission === 'approved') return <p role="status">{t('performers.release.approved')}</p>;
  return null;
}

/**
 * /release/:token: a person without an account who appears in a creator's post verifies their identity and
 * e-signs a release. No media of the post is shown here, only who asked and for which post.
 */
export default function ReleasePage({ loaderData, params }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { showStatus } = useAccount();
  const [release, setRelease] = useState(loaderData.link === 'valid' ? loaderData.release : undefined);
  const [withdrawing, setWithdrawing] = useState(false);
  if (loaderData.link !== 'valid' || !release) {
    return (
      <section className={styles.release} aria-labelledby="release-title">
        <h1 id="release-title">{t('performers.release.metaTitle')}</h1>
        <p className={styles.card} role="alert">
          {loaderData.link === 'expired'
            ? t('performers.errors.release_link_expired')
            : t('performers.errors.release_link_invalid')}
        </p>
      </section>
    );
  }
  const expires = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(release.expiresAt),
  );
  const open = release.state === 'pending' && (release.submission === 'none' || release.submission === 'rejected');
  const withdraw = async (reason: string) => {
    try {
      setRelease(await withdrawRelease(params.token, reason));
      showStatus(t('performers.withdraw.done'), 'success', WITHDRAWN_MS);
      return true;
    } catch (error) {
      showStatus(t(performerErrorKey(error)), 'error', WITHDRAWN_MS);
      return false;
    }
  };
  return (
    <section className={styles.release} aria-labelledby="release-title" data-testid="release-page">
      <h1 id="release-title">{t('performers.release.title', { creator: release.creator.username })}</h1>
      <p>
        {t('performers.release.intro', {
          name: release.guestName,
          creator: release.creator.username,
          title: release.post.title.trim() || t('performers.appearances.untitled'),
        })}
      </p>
      <ReleaseState release={release} />
      {release.state === 'consented' && (
        <div>
          <button type="button" className={forms.secondary} aria-haspopup="dialog" onClick={() => setWithdrawing(true)}>
            {t('performers.appearances.withdraw')}
          </button>
        </div>
      )}
      {withdrawing && <WithdrawDialog onClose={() => setWithdrawing(false)} onWithdraw={withdraw} />}
      {open && (
        <div className={styles.card}>
          {release.submission === 'rejected' && (
            <p role="status">
              {t('performers.release.rejected')}{' '}
              {release.rejectionReason && t('performers.release.rejectedReason', { reason: release.rejectionReason })}{' '}
              {t('performers.release.sendAgain')}
            </p>
          )}
          <p>{t('performers.release.steps')}</p>
          <p>{t('performers.release.expires', { date: expires })}</p>
          <ReleaseForm token={params.token} release={release} onSent={setRelease} />
        </div>
      )}
    </section>
  );
}
