import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useResetOnChange } from '../../lib/use-reset-on-change';
import { useAccount } from '../account/AccountSession';
import forms from '../account/forms.module.css';
import { ManifestEditor } from './ManifestEditor';
import { draftOf, draftProblem, draftProblemKey, type ManifestDraft, manifestBody } from './manifest-draft';
import styles from './Performers.module.css';
import { type ManifestAnswer, performerErrorKey, resendRelease, saveManifest } from './performers-api';

const SUCCESS_MS = 4000;
const ERROR_MS = 8000;

/** Whether the post is ready, or what it waits for, in one line. */
export function Readiness({ manifest }: { manifest: ManifestAnswer }) {
  const { t } = useTranslation();
  return (
    <p className={styles.readiness} data-ready={manifest.ready} role="status" data-testid="manifest-readiness">
      {manifest.ready ? t('performers.manifest.ready') : t('performers.manifest.waiting')}
    </p>
  );
}

/**
 * The studio post editor's Performers tab: the stored manifest with each person's state, whether the post
 * may publish, and the editor to change it while the server allows (`editable`).
 */
export function PostManifest({ initial }: { initial: ManifestAnswer }) {
  const { t } = useTranslation();
  const { showStatus } = useAccount();
  const { revalidate } = useRevalidator();
  const [manifest, setManifest] = useState(initial);
  const [draft, setDraft] = useState<ManifestDraft>(() => draftOf(initial, new Date()));
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  useResetOnChange(initial, (next) => {
    setManifest(next);
    setDraft(draftOf(next, new Date()));
  });

  const problem = draftProblem(draft, new Date());
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    setBusy(true);
    try {
      const saved = await saveManifest(manifest.postId, manifestBody(draft));
      setManifest(saved);
      setDraft(draftOf(saved, new Date()));
      setTried(false);
      showStatus(t('performers.manifest.saved'), 'success', SUCCESS_MS);
      await revalidate();
    } catch (error) {
      showStatus(t(performerErrorKey(error)), 'error', ERROR_MS);
    } finally {
      setBusy(false);
    }
  };

  const resend = async (performerId: number) => {
    try {
      const next = await resendRelease(performerId);
      setManifest(next);
      setDraft(draftOf(next, new Date()));
      showStatus(t('performers.manifest.resent'), 'success', SUCCESS_MS);
    } catch (error) {
      showStatus(t(performerErrorKey(error)), 'error', ERROR_MS);
    }
  };

  return (
    <form className={forms.form} onSubmit={(event) => void save(event)} data-testid="post-manifest">
      <Readiness manifest={manifest} />
      <ManifestEditor
        value={draft}
        onChange={setDraft}
        disabled={!manifest.editable || busy}
        onResend={(performerId) => void resend(performerId)}
      />
      {manifest.editable ? (
        <>
          <p className={forms.error} role="alert">
            {tried && problem ? t(draftProblemKey(problem)) : null}
          </p>
          <div>
            <button type="submit" className={forms.primary} disabled={busy}>
              {t('performers.manifest.save')}
            </button>
          </div>
        </>
      ) : (
        <p className={forms.hint}>{t('performers.manifest.locked')}</p>
      )}
    </form>
  );
}
