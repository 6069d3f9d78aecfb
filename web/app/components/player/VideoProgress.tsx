import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import styles from './VideoPlayer.module.css';

const STEPS = 1000;

/**
 * The seek bar of the current video. It follows the video frame by frame without re-rendering React
 * (the input's value and a CSS variable are set directly), and the arrow keys seek as on any slider.
 */
export function VideoProgress({ video }: { video: RefObject<HTMLVideoElement | null> }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let frame = 0;
    const follow = () => {
      const element = video.current;
      const slider = input.current;
      if (element && slider && element.duration > 0) {
        const share = element.currentTime / element.duration;
        slider.value = String(Math.round(share * STEPS));
        slider.style.setProperty('--progress', `${share * 100}%`);
        slider.setAttribute('aria-valuetext', `${Math.floor(element.currentTime)} / ${Math.floor(element.duration)} s`);
      }
      frame = requestAnimationFrame(follow);
    };
    frame = requestAnimationFrame(follow);
    return () => cancelAnimationFrame(frame);
  }, [video]);

  return (
    <input
      ref={input}
      className={styles.progress}
      type="range"
      min={0}
      max={STEPS}
      step={1}
      defaultValue={0}
      aria-label={t('feed.seek')}
      onInput={(event) => {
        const element = video.current;
        if (element && element.duration > 0) element.currentTime = (Number(event.currentTarget.value) / STEPS) * element.duration;
      }}
      // Seeking is its own gesture: a click on the bar must not reach the card (pause, like).
      onClick={(event) => event.stopPropagation()}
    />
  );
}
