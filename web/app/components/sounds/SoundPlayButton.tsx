import { useTranslation } from '../../i18n/react';
import styles from './Sounds.module.css';

/** Plays or pauses a sound's preview; the name is in the label so a list of them stays tellable apart. */
export function SoundPlayButton({
  name,
  playing,
  disabled,
  onToggle,
  large = false,
}: {
  name: string;
  playing: boolean;
  disabled: boolean;
  onToggle: () => void;
  large?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={large ? `${styles.play} ${styles.playLarge}` : styles.play}
      onClick={onToggle}
      disabled={disabled}
      aria-pressed={playing}
      aria-label={playing ? t('sounds.pause', { name }) : t('sounds.play', { name })}
    >
      <svg viewBox="0 0 24 24" width={large ? 28 : 18} height={large ? 28 : 18} aria-hidden="true">
        {playing ? (
          <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
        ) : (
          <path d="M8 5.5v13a1 1 0 0 0 1.52.85l10.4-6.5a1 1 0 0 0 0-1.7L9.52 4.65A1 1 0 0 0 8 5.5Z" fill="currentColor" />
        )}
      </svg>
    </button>
  );
}
