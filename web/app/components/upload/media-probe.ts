import type { ProbedMedia } from '../../../../server/src/media/upload-rules.ts';
import { SNIFF_LENGTH, sniffMediaKind } from './media-sniff';

/** A metadata load that never answers (a stalled decoder) counts as undecodable after this long. */
const PROBE_TIMEOUT_MS = 15_000;

function waitFor(target: EventTarget, event: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      target.removeEventListener(event, succeeded);
      target.removeEventListener('error', failed);
      resolve(ok);
    };
    const succeeded = () => finish(true);
    const failed = () => finish(false);
    const timer = setTimeout(() => finish(false), timeoutMs);
    target.addEventListener(event, succeeded);
    target.addEventListener('error', failed);
  });
}

/**
 * Size and length as the browser will play the video: videoWidth/videoHeight are the displayed size, after
 * rotation, which is what the rules judge. A file the browser cannot load is wrongMediaForDevice (decodable:false).
 */
async function probeVideo(file: File): Promise<ProbedMedia> {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'metadata';
  const url = URL.createObjectURL(file);
  try {
    const loaded = waitFor(video, 'loadedmetadata', PROBE_TIMEOUT_MS);
    video.src = url;
    const decodable = (await loaded) && video.videoWidth > 0 && video.videoHeight > 0;
    let durationSeconds = video.duration;
    // MediaRecorder's WebM has no duration in its header: seeking past the end makes the browser find it.
    if (decodable && !Number.isFinite(durationSeconds)) {
      const found = waitFor(video, 'durationchange', PROBE_TIMEOUT_MS);
      video.currentTime = Number.MAX_SAFE_INTEGER;
      await found;
      durationSeconds = Number.isFinite(video.duration) ? video.duration : 0;
    }
    return {
      kind: 'video',
      bytes: file.size,
      decodable,
      width: video.videoWidth,
      height: video.videoHeight,
      durationSeconds: Number.isFinite(durationSeconds) ? durationSeconds : 0,
    };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

/** The displayed size of an image: EXIF orientation applied, as the server's sharp applies it. */
async function probeImage(file: File): Promise<ProbedMedia> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const { width, height } = bitmap;
    bitmap.close();
    return { kind: 'image', bytes: file.size, width, height };
  } catch {
    return { kind: 'rejected', code: 'not_video_or_image' };
  }
}

/** Sniffs a chosen file's first bytes, then measures it the way its kind needs. */
export async function probeFile(file: File): Promise<ProbedMedia> {
  const head = new Uint8Array(await file.slice(0, SNIFF_LENGTH).arrayBuffer());
  const kind = sniffMediaKind(head);
  if (kind === 'video') return probeVideo(file);
  if (kind === 'image') return probeImage(file);
  return { kind: 'rejected', code: kind.rejected };
}
