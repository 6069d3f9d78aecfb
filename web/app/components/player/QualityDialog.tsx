import { useTranslation } from '../../i18n/react';
import { Dialog } from '../dialogs/Dialog';
import type { FeedPost } from '../feed/feed-data';
import { captionTracks, shownTrack } from './caption-tracks';
import styles from './PlayerDialogs.module.css';
import { playback, usePlayback } from './playback-store';
import { isVideo, videoSources } from './renditions';

export interface QualityDialogProps {
  /** The post whose renditions are listed; no post, no dialog. */
  readonly post: FeedPost | undefined;
  readonly autoplay: boolean;
  readonly onAutoplayChange: (on: boolean) => void;
  readonly onClose: () => void;
}

/**
 * The quality chooser (spec §2): "auto" (adaptive HLS, or the MP4 that fits the screen) and each MP4
 * rendition by height. The choice holds for the next videos too; autoplay is switched here as well.
 */
export function QualityDialog({ post, autoplay, onAutoplayChange, onClose }: QualityDialogProps) {
  const { t, i18n } = useTranslation();
  const { quality, captionsOn, captionLanguage } = usePlayback();
  const media = post?.media.find(isVideo);
  const tracks = media ? captionTracks(media) : [];
  const shownCaptions = captionsOn ? shownTrack(tracks, { captionsOn, captionLanguage }, i18n.language)?.language : undefined;
  const sources = media ? videoSources(media) : { mp4: [] };
  const choices = [
    { value: 'auto', label: t('feed.qualityAuto') },
    ...sources.mp4.map((rendition) => ({
      value: rendition.name,
      label: rendition.height ? t('feed.qualityHeight', { height: rendition.height }) : rendition.name,
    })),
  ];
  const chosen = choices.some((choice) => choice.value === quality) ? quality : 'auto';
  return (
    <Dialog open={Boolean(post)} onClose={onClose} title={t('feed.qualityTitle')} size="small">
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>{t('feed.qualityLegend')}</legend>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.choice}>
            <input
              type="radio"
              name="quality"
              value={choice.value}
              checked={chosen === choice.value}
              data-autofocus={chosen === choice.value || undefined}
              onChange={() => playback.setQuality(choice.value)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </fieldset>
      {tracks.length > 0 && (
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>{t('captions.legend')}</legend>
          {[
            { language: null, label: t('captions.off'), lang: undefined },
            ...tracks.map((track) => ({ ...track, lang: track.language })),
          ].map((choice) => (
            <label key={choice.language ?? 'off'} className={styles.choice}>
              <input
                type="radio"
                name="captions"
                checked={(shownCaptions ?? null) === choice.language}
                onChange={() => playback.chooseCaptions(choice.language)}
              />
              <span lang={choice.lang}>{choice.label}</span>
            </label>
          ))}
        </fieldset>
      )}
      <label className={styles.toggle}>
        <span>
          <span className={styles.toggleTitle}>{t('feed.autoplay')}</span>
          <span className={styles.toggleHint}>{t('feed.autoplayHint')}</span>
        </span>
        <input
          type="checkbox"
          role="switch"
          aria-checked={autoplay}
          checked={autoplay}
          onChange={(event) => onAutoplayChange(event.currentTarget.checked)}
        />
      </label>
    </Dialog>
  );
}
