import type { Rendition } from './renditions';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** Undoes an attachment: stops downloading and frees the decoder. */
export type Detach = () => void;

/** Whether the browser plays HLS by itself (Safari, iOS, recent Chromium on some platforms). */
export function playsHlsNatively(video: HTMLVideoElement): boolean {
  return video.canPlayType(HLS_TYPE) !== '';
}

function attachUrl(video: HTMLVideoElement, url: string): Detach {
  video.src = url;
  return () => {
    video.removeAttribute('src');
    video.load();
  };
}

/**
 * Points a <video> at a rendition. MP4 and natively supported HLS are plain sources; elsewhere HLS goes
 * through hls.js (its light build), imported only here so it never weighs on the first load. A fatal
 * hls.js error calls `onFatal`, which falls back to the MP4 renditions. Rejects when neither the browser
 * nor hls.js (no Media Source Extensions) can play HLS.
 */
export async function attachSource(video: HTMLVideoElement, rendition: Rendition, onFatal: () => void): Promise<Detach> {
  if (rendition.kind === 'mp4' || playsHlsNatively(video)) return attachUrl(video, rendition.url);
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) throw new Error('HLS is not supported here');
  const hls = new Hls({ capLevelToPlayerSize: true, maxBufferLength: 20 });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onFatal();
  });
  hls.loadSource(rendition.url);
  hls.attachMedia(video);
  return () => hls.destroy();
}
