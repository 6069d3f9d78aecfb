import { MediaProbeError, type MediaToolsRepository } from '../probe.ts';
import { sniffFile } from '../sniff.ts';
import { buildSixpack, fittedFrameSize, frameTimes, type RgbaFrame, type Sixpack } from './sixpack.ts';

/**
 * The worker's side of the sixpack: sniff, probe (the declared frame size is checked before anything is
 * decoded), then decode the six frames with ffmpeg as raw RGBA at the size the browser would draw them.
 * Throws MediaProbeError for a file that is not a decodable video.
 */
export async function readSixpack(tools: MediaToolsRepository, path: string): Promise<Sixpack> {
  const sniffed = await sniffFile(path);
  if (sniffed.kind !== 'video') throw new MediaProbeError('not_video', `sniffed as ${sniffed.kind}`);
  const video = await tools.probeVideo(path, sniffed.container);
  const size = fittedFrameSize(video.width, video.height);
  // A browser seeked to t shows the last frame starting at or before t; ffmpeg's accurate seek gives the first
  // frame starting at or after its target. Aiming one frame early (plus a hair) makes both pick the same frame.
  const frameSeconds = video.frameCountEstimate > 0 ? video.durationSeconds / video.frameCountEstimate : 0;
  const frames: RgbaFrame[] = [];
  // One after the other: each run is short, and the worker's concurrency already uses the cores.
  for (const seconds of frameTimes(video.durationSeconds)) {
    const target = Math.max(0, seconds - frameSeconds + 0.001);
    const data = await tools.extractRgbaFrame(path, sniffed.container, target, size.width, size.height);
    frames.push({ ...size, data });
  }
  return buildSixpack(video.durationSeconds * 1000, frames);
}
