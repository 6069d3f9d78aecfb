import {
  buildSixpack,
  encodeSixpack,
  fittedFrameSize,
  frameTimes,
  type RgbaFrame,
} from '../../../server/src/media/simicheck/sixpack.ts';

function once(target: EventTarget, type: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      target.removeEventListener(type, done);
      target.removeEventListener('error', failed);
      signal?.removeEventListener('abort', aborted);
    };
    const done = () => {
      cleanUp();
      resolve();
    };
    const failed = () => {
      cleanUp();
      reject(new Error(`video ${type} failed`));
    };
    const aborted = () => {
      cleanUp();
      reject(signal?.reason);
    };
    target.addEventListener(type, done);
    target.addEventListener('error', failed);
    signal?.addEventListener('abort', aborted);
  });
}

/**
 * The browser's side of the sixpack: the six frames of a loaded <video>, drawn on a canvas at the size the
 * server uses (fittedFrameSize), fingerprinted by the same code the worker runs on ffmpeg's frames.
 */
export async function sixpackOfVideoElement(video: HTMLVideoElement, signal?: AbortSignal): Promise<string> {
  if (video.readyState < HTMLMediaElement.HAVE_METADATA) await once(video, 'loadedmetadata', signal);
  const size = fittedFrameSize(video.videoWidth, video.videoHeight);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2d canvas');
  context.imageSmoothingQuality = 'high';
  const frames: RgbaFrame[] = [];
  for (const seconds of frameTimes(video.duration)) {
    const seeked = once(video, 'seeked', signal);
    video.currentTime = seconds;
    await seeked;
    frames.push({ ...size, data: await settledFrame(video, context, size, signal) });
  }
  return encodeSixpack(buildSixpack(video.duration * 1000, frames));
}

/** Time between two draws of the same seek, and how many draws to try before taking the last. */
const SETTLE_MS = 40;
const SETTLE_TRIES = 8;

/**
 * The pixels of the frame a seek landed on. Chromium fires `seeked` before a software-decoded (VP8) frame
 * always reaches what drawImage reads: on a busy machine the first draw was still the frame before, and
 * the re-encoded copy of a video scored 208 against its original instead of 248. So the frame is drawn
 * until two draws a moment apart agree.
 */
async function settledFrame(
  video: HTMLVideoElement,
  context: CanvasRenderingContext2D,
  size: { width: number; height: number },
  signal?: AbortSignal,
): Promise<Uint8ClampedArray> {
  const draw = () => {
    context.drawImage(video, 0, 0, size.width, size.height);
    return context.getImageData(0, 0, size.width, size.height).data;
  };
  let previous = draw();
  for (let attempt = 1; attempt < SETTLE_TRIES; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    signal?.throwIfAborted();
    const current = draw();
    if (samePixels(previous, current)) return current;
    previous = current;
  }
  return previous;
}

function samePixels(a: Uint8ClampedArray, b: Uint8ClampedArray): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

/** The sixpack of a chosen file, read through an off-screen muted <video>. */
export async function sixpackOfFile(file: Blob, signal?: AbortSignal): Promise<string> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  video.playsInline = true;
  try {
    const loaded = once(video, 'loadeddata', signal);
    video.src = url;
    await loaded;
    return await sixpackOfVideoElement(video, signal);
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
