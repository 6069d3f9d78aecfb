import { Link } from 'react-router';
import type { SoundView } from '../../../../server/src/sounds/sounds.service.ts';
import { useTranslation } from '../../i18n/react';
import { formatCount } from '../../lib/format-number';
import { NoteIcon } from './NoteIcon';
import { SoundPlayButton } from './SoundPlayButton';
import styles from './Sounds.module.css';
import { soundLength } from './sound-format';
import { soundPath } from './sound-links';
import { useSoundPreview } from './useSoundPreview';

/** The sounds as rows: a preview button, the name leading to the sound's posts, its length and use. */
export function SoundList({ sounds, label }: { sounds: readonly SoundView[]; label: string }) {
  const { t, i18n } = useTranslation();
  const preview = useSoundPreview();
  return (
    <ul className={styles.list} aria-label={label}>
      {sounds.map((sound) => (
        <li key={sound.id} className={styles.row}>
          <SoundPlayButton
            name={sound.name}
            playing={preview.playing === sound.id}
            disabled={!sound.url}
            onToggle={() => preview.toggle(sound)}
          />
          <Link to={soundPath(sound)} className={styles.rowLink}>
            <span className={styles.rowIcon} aria-hidden="true">
              <NoteIcon size={20} />
            </span>
            <span className={styles.rowText}>
              <bdi className={styles.rowName}>{sound.name}</bdi>
              <span className={styles.rowMeta}>
                {[
                  soundLength(sound.duration, i18n.language),
                  t('counts.posts', {
                    count: sound.imagePostsCount,
                    formatted: formatCount(sound.imagePostsCount, i18n.language),
                  }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
