import { type RefObject, useEffect, useRef } from 'react';
import styles from './CaptionOverlay.module.css';
import type { CaptionTrack } from './caption-tracks';

export interface CaptionOverlayProps {
  readonly video: RefObject<HTMLVideoElement | null>;
  /** The caption track to show; none hides captions (their files are then not even fetched). */
  readonly track: CaptionTrack | undefined;
}

/**
 * Shows the cues of the chosen `<track>` over the video in our own box instead of the browser's, so they
 * sit above the post's title and controls, stay readable on any picture and follow the language's
 * direction. The track runs `hidden` (cues load and `cuechange` fires, the browser draws nothing); every
 * other text track of the video, such as native HLS's own subtitle renditions, is disabled so nothing is
 * shown twice. Cue text comes from the browser's WebVTT parser (`getCueAsHTML`), never as HTML.
 */
export function CaptionOverlay({ video, track }: CaptionOverlayProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = video.current;
    const target = box.current;
    if (!element || !target) return;
    const ours = Array.from(element.querySelectorAll('track')).find((candidate) => candidate.srclang === track?.language);
    const shown = track ? ours?.track : undefined;
    // Native HLS adds the playlist's own subtitle tracks once it has read it, and may select one.
    const disableOthers = () => {
      for (const textTrack of Array.from(element.textTracks)) {
        if (textTrack !== shown) textTrack.mode = 'disabled';
      }
    };
    disableOthers();
    element.textTracks.addEventListener('addtrack', disableOthers);
    if (!shown) {
      target.replaceChildren();
      return () => element.textTracks.removeEventListener('addtrack', disableOthers);
    }
    shown.mode = 'hidden';
    const render = () => {
      const lines = Array.from(shown.activeCues ?? []).map((cue) => {
        const line = document.createElement('span');
        line.className = styles.cue ?? '';
        line.append((cue as VTTCue).getCueAsHTML());
        return line;
      });
      target.replaceChildren(...lines);
    };
    render();
    shown.addEventListener('cuechange', render);
    return () => {
      element.textTracks.removeEventListener('addtrack', disableOthers);
      shown.removeEventListener('cuechange', render);
      shown.mode = 'disabled';
      target.replaceChildren();
    };
  }, [video, track]);

  return <div ref={box} className={styles.captions} lang={track?.language} dir={track?.dir} data-testid="video-captions" />;
}
