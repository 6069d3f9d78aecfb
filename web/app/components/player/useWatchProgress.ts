import { type RefObject, useEffect } from 'react';
import { sendLiveIfOpen } from '../../lib/live-messages';

/** Playing is reported in batches: one every this much played, and whenever playback stops or the page goes. */
const REPORT_EVERY_MS = 10_000;
/** A step of currentTime longer than this between two timeupdate events is a seek, not playing. */
const MAX_STEP_S = 1.5;

interface Report {
  readonly watchedMs: number;
  readonly completed: boolean;
}

/**
 * The HTTP fallback of `watchProgress`, for a closed socket and for a page that is being hidden or left:
 * `sendBeacon` outlives the page (its JSON goes as text/plain, which the route reads), a keepalive fetch
 * where there is no beacon.
 */
function sendProgressOverHttp(postId: number, report: Report): void {
  const url = `/api/post/progress/${postId}`;
  const body = JSON.stringify(report);
  if (navigator.sendBeacon?.(url, body)) return;
  void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => {});
}

/**
 * Tells the server how long the post's video played (creator analytics' watch time and completions):
 * the played time is summed from the video's own clock (seeks left out, loops counted) and sent every
 * ~10 s of playing, on pause, when the page is hidden or left, and when the player goes; over the
 * socket when it is open, else over HTTP. The server holds each report to the real time since the last.
 */
export function useWatchProgress(video: RefObject<HTMLVideoElement | null>, postId: number | undefined): void {
  useEffect(() => {
    const element = video.current;
    if (!element || postId === undefined) return;
    let playedMs = 0;
    let completed = false;
    let lastTime = element.currentTime;

    const flush = (leaving: boolean) => {
      const report = { watchedMs: Math.round(playedMs), completed };
      if (report.watchedMs === 0 && !completed) return;
      playedMs = 0;
      completed = false;
      if (!leaving && sendLiveIfOpen('watchProgress', { id: postId, ...report })) return;
      sendProgressOverHttp(postId, report);
    };
    const onTimeUpdate = () => {
      const time = element.currentTime;
      const step = time - lastTime;
      lastTime = time;
      if (step > 0 && step <= MAX_STEP_S) playedMs += step * 1000;
      // A loop back to the start from the last moments is the video's end; any other step back is a seek.
      const looped = step < 0 && Number.isFinite(element.duration) && time - step >= element.duration - MAX_STEP_S;
      if (looped) {
        completed = true;
        playedMs += Math.max(0, element.duration - (time - step) + time) * 1000;
      }
      if (playedMs >= REPORT_EVERY_MS || looped) flush(false);
    };
    const onEnded = () => {
      completed = true;
      flush(false);
    };
    const onPause = () => flush(false);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush(true);
    };
    const onPageHide = () => flush(true);
    element.addEventListener('timeupdate', onTimeUpdate);
    element.addEventListener('ended', onEnded);
    element.addEventListener('pause', onPause);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      element.removeEventListener('timeupdate', onTimeUpdate);
      element.removeEventListener('ended', onEnded);
      element.removeEventListener('pause', onPause);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      flush(false);
    };
  }, [video, postId]);
}
