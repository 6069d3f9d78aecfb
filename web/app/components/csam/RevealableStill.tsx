import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import view from '../moderation/Case.module.css';

/**
 * A restricted case's still: nothing is loaded until the reviewer chooses to look, and that request is
 * what the server writes to the access log (compliance/csam). Blurring again drops the picture.
 */
export function RevealableStill({ caseId, mediaId, revealable }: { caseId: number; mediaId: number; revealable: boolean }) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  if (!revealable) return <p className={view.noMedia}>{t('csam.case.noStill')}</p>;
  return (
    <div className={view.media} data-revealed={revealed}>
      {revealed ? (
        <>
          <img
            src={`/api/admin/csam/cases/${caseId}/media/${mediaId}`}
            alt={t('csam.case.still', { id: mediaId })}
            className={view.mediaImage}
            data-testid="restricted-still"
          />
          <button type="button" className={view.mediaToggle} onClick={() => setRevealed(false)}>
            {t('csam.case.hide')}
          </button>
        </>
      ) : (
        <button type="button" className={view.mediaCover} onClick={() => setRevealed(true)}>
          {t('csam.case.reveal')}
        </button>
      )}
    </div>
  );
}
