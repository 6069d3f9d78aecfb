import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import styles from './Case.module.css';

/**
 * A reported post's still, blurred until the moderator chooses to look (Ozone's default): nobody is shown
 * possibly illegal imagery by opening a case. The choice holds for this case only.
 */
export function BlurredMedia({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  if (!src) return <p className={styles.noMedia}>{t('moderation.case.noMedia')}</p>;
  return (
    <div className={styles.media} data-revealed={revealed}>
      <img src={src} alt={revealed ? alt : ''} className={styles.mediaImage} data-testid="case-media" />
      {revealed ? (
        <button type="button" className={styles.mediaToggle} onClick={() => setRevealed(false)}>
          {t('moderation.case.hideMedia')}
        </button>
      ) : (
        <button type="button" className={styles.mediaCover} onClick={() => setRevealed(true)}>
          {t('moderation.case.showMedia')}
        </button>
      )}
    </div>
  );
}
