import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import styles from './CoverStudio.module.css';
import { formatMoment } from './cover-messages';

/** Frames in the strip: one per eighth of the video, taken at the middle of each eighth. */
const FRAMES = 8;
/** Width of each drawn frame in pixels: twice the strip's CSS size, sharp on retina screens. */
const FRAME_WIDTH = 120;

function nextEvent(element: HTMLVideoElement, name: 'loadeddata' | 'seeked'): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      element.removeEventListener('error', failed);
      resolve();
    };
    const failed = () => {
      element.removeEventListener(name, done);
      reject(new Error('video could not be read'));
    };
    element.addEventListener(name, done, { once: true });
    element.addEventListener('error', failed, { once: true });
  });
}

interface FilmstripProps {
  readonly video: string;
  readonly durationMs: number;
  readonly width: number;
  readonly height: number;
  /** The scrubber's moment: the frame whose eighth holds it is marked. */
  readonly moment: number;
  readonly onPick: (ms: number) => void;
}

/**
 * Previews along the video, drawn in the browser from the same small MP4 the scrubber seeks (a muted video
 * element of its own, one seek per frame): nothing is rendered on the server until a frame is chosen. Each
 * preview is a button that moves the scrubber there; the boxes have their size before the frames arrive.
 */
export function Filmstrip({ video, durationMs, width, height, moment, onPick }: FilmstripProps) {
  const { t } = useTranslation();
  const times = useMemo(
    () => Array.from({ length: FRAMES }, (_, index) => Math.round((durationMs * (index + 0.5)) / FRAMES)),
    [durationMs],
  );
  const [frames, setFrames] = useState<readonly (string | undefined)[]>(() => times.map(() => undefined));

  useEffect(() => {
    let stopped = false;
    const element = document.createElement('video');
    element.muted = true;
    element.preload = 'auto';
    element.src = video;
    const canvas = document.createElement('canvas');
    canvas.width = FRAME_WIDTH;
    canvas.height = Math.round((FRAME_WIDTH * height) / width);
    const draw = async () => {
      await nextEvent(element, 'loadeddata');
      for (const [index, time] of times.entries()) {
        if (stopped) return;
        element.currentTime = time / 1000;
        await nextEvent(element, 'seeked');
        canvas.getContext('2d')?.drawImage(element, 0, 0, canvas.width, canvas.height);
        const frame = canvas.toDataURL('image/jpeg', 0.72);
        setFrames((current) => current.map((shown, at) => (at === index ? frame : shown)));
      }
    };
    // A strip without previews still moves the scrubber; the large preview shows the frame either way.
    draw().catch(() => undefined);
    return () => {
      stopped = true;
      element.removeAttribute('src');
      element.load();
    };
  }, [video, times, width, height]);

  const current = Math.min(FRAMES - 1, Math.floor((moment / durationMs) * FRAMES));
  return (
    <ul className={styles.filmstrip} aria-label={t('cover.filmstrip')} style={{ '--ratio': width / height } as CSSProperties}>
      {times.map((time, index) => (
        <li key={time}>
          <button
            type="button"
            className={styles.frame}
            data-current={index === current || undefined}
            aria-label={t('cover.goTo', { time: formatMoment(time) })}
            onClick={() => onPick(time)}
          >
            {frames[index] ? <img src={frames[index]} alt="" /> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
