/** The User Timing measure the feed records for each video it starts: from the swipe to the first frame. */
export const FIRST_FRAME_MEASURE = 'velvet:swipe-to-first-frame';

/**
 * Records how long a video took from the visitor's request (a key, wheel or swipe event's time) to its
 * first frame on screen after playback started: requestVideoFrameCallback where the browser has it,
 * else the `playing` event. E2E tests and the benchmark read it with performance.getEntriesByName.
 */
export function recordFirstFrame(video: HTMLVideoElement, requestedAt: number): void {
  const record = (end: number) => {
    performance.measure(FIRST_FRAME_MEASURE, { start: requestedAt, end, detail: { src: video.currentSrc } });
  };
  if ('requestVideoFrameCallback' in HTMLVideoElement.prototype) video.requestVideoFrameCallback((now) => record(now));
  else video.addEventListener('playing', () => record(performance.now()), { once: true });
}
