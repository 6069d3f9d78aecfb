import { useEffect, useRef, useState } from 'react';
import type { PostMedia } from '../../../../server/src/posts/post-card.ts';
import { useTranslation } from '../../i18n/react';
import { SpriteIcon } from '../icons/sprite';
import styles from './ImageSlideshow.module.css';
import { usePlayback } from './playback-store';
import { backdropUrl, stillUrl } from './renditions';
import type { LoadLevel } from './VideoPlayer';

/** Each picture stays this long before the show moves on by itself. */
const SLIDE_MS = 4000;

export interface ImageSlideshowProps {
  readonly pictures: readonly PostMedia[];
  readonly level: LoadLevel;
  /** Moves on by itself while current and not paused; the visitor can always swipe. */
  readonly running: boolean;
  readonly soundUrl?: string;
  readonly title: string;
}

/**
 * An image set: pictures side by side in a horizontal scroll-snap strip, so a sideways swipe (or the
 * arrow buttons) moves between them; dots say where one is. The post's sound plays while it is current.
 */
export function ImageSlideshow({ pictures, level, running, soundUrl, title }: ImageSlideshowProps) {
  const { t } = useTranslation();
  const strip = useRef<HTMLElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const [index, setIndex] = useState(0);
  const { muted } = usePlayback();
  const count = pictures.length;

  // scrollTo on the strip alone: scrollIntoView would also move the vertical feed around it.
  // offsetLeft is negative for later slides in right-to-left pages, as scrollLeft is there.
  const show = (next: number) => {
    const slide = strip.current?.children[(next + count) % count] as HTMLElement | undefined;
    if (slide) strip.current?.scrollTo({ left: slide.offsetLeft, behavior: 'smooth' });
  };

  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) setIndex(Array.prototype.indexOf.call(element.children, entry.target));
        }
      },
      { root: element, threshold: 0.6 },
    );
    for (const slide of element.children) observer.observe(slide);
    return () => observer.disconnect();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: show() reads the strip; the timer restarts with each slide.
  useEffect(() => {
    if (!running || count < 2) return;
    const timer = setTimeout(() => show(index + 1), SLIDE_MS);
    return () => clearTimeout(timer);
  }, [running, index, count]);

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    element.muted = muted;
    if (running) void element.play().catch(() => {});
    else element.pause();
  }, [running, muted]);

  return (
    <div className={styles.slideshow} data-testid="feed-images">
      {/* Focusable so keyboard users can scroll the pictures too (axe: scrollable-region-focusable). */}
      <section
        ref={strip}
        className={styles.strip}
        aria-label={t('feed.pictures')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled by keyboard
        tabIndex={0}
      >
        {pictures.map((picture, position) => {
          const url = level === 'none' && position > 0 ? undefined : stillUrl(picture, 'poster');
          // Only the first picture of a set near the current post loads at once; a set further down the feed
          // waits until the browser finds it close to the viewport.
          const loading = position === 0 && level !== 'none' ? 'eager' : 'lazy';
          return (
            <figure key={picture.id} className={styles.slide} aria-label={t('feed.picture', { index: position + 1, count })}>
              {url && (
                <>
                  <img className={styles.backdrop} src={backdropUrl(picture)} alt="" aria-hidden="true" loading={loading} />
                  <img
                    className={styles.picture}
                    src={url}
                    alt={position === 0 ? title : ''}
                    loading={loading}
                    decoding="async"
                    draggable={false}
                  />
                </>
              )}
            </figure>
          );
        })}
      </section>
      {count > 1 && (
        <>
          <button
            type="button"
            className={styles.previous}
            onClick={() => show(index - 1)}
            aria-label={t('feed.previousPicture')}
          >
            <SpriteIcon name="chevron" size={22} />
          </button>
          <button type="button" className={styles.next} onClick={() => show(index + 1)} aria-label={t('feed.nextPicture')}>
            <SpriteIcon name="chevron" size={22} />
          </button>
          <div className={styles.dots} aria-hidden="true">
            {pictures.map((picture, position) => (
              <span key={picture.id} className={styles.dot} data-current={position === index || undefined} />
            ))}
          </div>
        </>
      )}
      {/* biome-ignore lint/a11y/useMediaCaption: the post's music track has no words to caption. */}
      {soundUrl && level !== 'none' && <audio ref={audio} src={soundUrl} loop preload="auto" />}
    </div>
  );
}
