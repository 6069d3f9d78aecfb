import { type Ref, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import type { PostMedia } from '../../../../server/src/posts/post-card.ts';
import { useTranslation } from '../../i18n/react';
import { attachSource, type Detach } from './attach-source';
import { CaptionOverlay } from './CaptionOverlay';
import { captionTracks, shownTrack } from './caption-tracks';
import { recordFirstFrame } from './first-frame';
import { playback, usePlayback } from './playback-store';
import { backdropUrl, pickSource, type Rendition, stillUrl, videoSources } from './renditions';
import { useWatchProgress } from './useWatchProgress';
import styles from './VideoPlayer.module.css';
import { VideoProgress } from './VideoProgress';

/** How much of a video to fetch: nothing (far from view), enough to start at once (next in line), or play. */
export type LoadLevel = 'none' | 'preload' | 'play';

export interface PlayerHandle {
  togglePlay(): void;
  /**
   * Starts a buffered video right in the event that asked for it (autoplay permitting), before React
   * renders the change, and measures the time to its first frame from `requestedAt`.
   */
  startNow(requestedAt: number): void;
}

export interface VideoPlayerProps {
  readonly media: PostMedia;
  /** The post the video belongs to: its playing time is reported for the creator's analytics. */
  readonly postId?: number;
  readonly level: LoadLevel;
  /** Starts by itself when it becomes the current video (the autoplay cookie); else waits for a tap. */
  readonly autoplay: boolean;
  /** When the visitor asked for this video (event time), for the swipe-to-first-frame measure. */
  readonly requestedAt?: number;
  readonly onNotPlayable: () => void;
  readonly onPausedChange?: (paused: boolean) => void;
  /** Called once each time the video, while current, plays through to its end (it loops). */
  readonly onCompleted?: () => void;
  readonly ref?: Ref<PlayerHandle>;
}

/** The order to try sources in: the preferred one, then every MP4 as a fallback. */
function sourceChain(media: PostMedia, quality: string, neededHeight: number): Rendition[] {
  const sources = videoSources(media);
  const first = pickSource(sources, quality, neededHeight);
  return first ? [first, ...sources.mp4.filter((rendition) => rendition.url !== first.url)] : [];
}

/**
 * One video of the feed. Sources attach only near the view (`level`), so the next videos are buffered
 * and start at once while far ones cost nothing. Playback follows `level === 'play'`; sound and quality
 * come from the shared playback store so they carry from one video to the next. A failing source falls
 * back to the next rendition; when none plays, `onNotPlayable` tells the feed.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const { media, postId, level, autoplay, requestedAt, onNotPlayable, onPausedChange, onCompleted, ref } = props;
  const video = useRef<HTMLVideoElement>(null);
  useWatchProgress(video, postId);
  const { muted, quality, captionsOn, captionLanguage } = usePlayback();
  const { i18n } = useTranslation();
  const tracks = useMemo(() => captionTracks(media), [media]);
  // The player fills the feed's height, so the viewport's height in device pixels is the picture to cover.
  const [neededHeight] = useState(() =>
    typeof window === 'undefined' ? 0 : Math.round(window.innerHeight * window.devicePixelRatio),
  );
  const chain = useMemo(() => sourceChain(media, quality, neededHeight), [media, quality, neededHeight]);
  const [attempt, setAttempt] = useState(0);
  const [paused, setPaused] = useState(true);
  const [waiting, setWaiting] = useState(false);
  const resumeAt = useRef(0);
  const measuredFrom = useRef<number | undefined>(undefined);
  const lastTime = useRef(0);
  const autoplayNow = useRef(autoplay);
  autoplayNow.current = autoplay;
  const rendition = chain[attempt];
  const failed = attempt >= chain.length;
  const loaded = level !== 'none' && !failed;

  const fallBack = useRef(() => {});
  fallBack.current = () => {
    resumeAt.current = video.current?.currentTime ?? 0;
    setAttempt((current) => current + 1);
  };

  const notPlayable = useRef(onNotPlayable);
  notPlayable.current = onNotPlayable;

  // biome-ignore lint/correctness/useExhaustiveDependencies: other sources (a quality change) start the attempts over.
  useEffect(() => setAttempt(0), [chain]);
  useEffect(() => {
    if (failed) notPlayable.current();
  }, [failed]);

  useEffect(() => {
    const element = video.current;
    if (!element || !loaded || !rendition) return;
    let detach: Detach | undefined;
    let cancelled = false;
    attachSource(element, rendition, () => fallBack.current()).then(
      (undo) => {
        if (cancelled) undo();
        else {
          detach = undo;
          if (resumeAt.current) element.currentTime = resumeAt.current;
        }
      },
      () => fallBack.current(),
    );
    return () => {
      cancelled = true;
      // A quality change swaps the source under a playing video: it carries on where it was.
      if (!element.paused) resumeAt.current = element.currentTime;
      detach?.();
    };
  }, [loaded, rendition]);

  useEffect(() => {
    if (video.current) video.current.muted = muted;
  }, [muted]);

  const start = () => {
    const element = video.current;
    if (!element) return;
    element.muted = playback.get().muted;
    element.play().catch((error: unknown) => {
      // Browsers refuse sound before a gesture: play muted rather than not at all.
      if (error instanceof DOMException && error.name === 'NotAllowedError' && !element.muted) {
        playback.setMuted(true);
        element.muted = true;
        void element.play().catch(() => setPaused(true));
      }
    });
  };

  const playing = level === 'play' && !failed;
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts only when the video becomes current or its source changes.
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (!playing) {
      element.pause();
      if (level !== 'play') resumeAt.current = 0;
      return;
    }
    if (requestedAt !== undefined && measuredFrom.current !== requestedAt) recordFirstFrame(element, requestedAt);
    measuredFrom.current = requestedAt;
    if (autoplay) start();
  }, [playing, rendition]);

  useImperativeHandle(ref, () => ({
    togglePlay: () => {
      const element = video.current;
      if (!element || failed) return;
      if (element.paused) start();
      else element.pause();
    },
    startNow: (at: number) => {
      const element = video.current;
      if (!element || failed || !element.getAttribute('src')) return;
      measuredFrom.current = at;
      recordFirstFrame(element, at);
      if (autoplayNow.current) start();
    },
  }));

  const poster = stillUrl(media, 'poster');
  const captions = level === 'play' ? shownTrack(tracks, { captionsOn, captionLanguage }, i18n.language) : undefined;
  return (
    <div className={styles.player}>
      {poster && (
        <img
          className={styles.backdrop}
          src={backdropUrl(media)}
          alt=""
          aria-hidden="true"
          loading={level === 'none' ? 'lazy' : 'eager'}
        />
      )}
      <video
        ref={video}
        className={styles.video}
        poster={level === 'none' ? undefined : poster}
        preload={loaded ? 'auto' : 'none'}
        muted
        loop
        playsInline
        disableRemotePlayback
        data-testid="feed-video"
        data-portrait={media.width && media.height && media.height >= media.width * 1.5 ? true : undefined}
        data-state={failed ? 'failed' : paused ? 'paused' : 'playing'}
        onPlay={() => {
          setPaused(false);
          onPausedChange?.(false);
        }}
        onPause={() => {
          setPaused(true);
          onPausedChange?.(true);
        }}
        onTimeUpdate={(event) => {
          // A looping video never ends: going back to the start is its end.
          const time = event.currentTarget.currentTime;
          if (level === 'play' && time + 0.5 < lastTime.current) onCompleted?.();
          lastTime.current = time;
        }}
        onWaiting={() => setWaiting(true)}
        onPlaying={() => setWaiting(false)}
        onError={() => {
          if (video.current?.getAttribute('src')) fallBack.current();
        }}
      >
        {/* Caption files for every source (HLS through hls.js or natively, and the MP4 fallback). */}
        {loaded &&
          tracks.map((track) => (
            <track key={track.language} kind="subtitles" src={track.url} srcLang={track.language} label={track.label} />
          ))}
      </video>
      <CaptionOverlay video={video} track={captions} />
      {waiting && playing && !paused && <span className={styles.spinner} aria-hidden="true" />}
      {level === 'play' && <VideoProgress video={video} />}
    </div>
  );
}
