import type { SampledFrame, VideoSource } from '../../media/processing/transcoder.ts';
import { type PdqHash, pdqFromRgb } from './pdq.ts';

/** Frames hashed per video: one a second up to this many, then spread evenly (vPDQ-style frame sampling). */
export const VIDEO_HASH_FRAMES = 30;
/** The frames are decoded at most this large on their longest side (as pdq-image.ts shrinks pictures). */
const FRAME_SIDE = 512;

export interface FrameSampler {
  sampledFrames(source: VideoSource, count: number, width: number, height: number): Promise<SampledFrame[]>;
}

/** PDQ of each sampled frame of a video, with its time. */
export async function pdqOfVideo(sampler: FrameSampler, source: VideoSource): Promise<(PdqHash & { seconds: number })[]> {
  const { width, height } = source.probe;
  const scale = Math.min(1, FRAME_SIDE / Math.max(width, height));
  const w = Math.max(2, Math.round(width * scale));
  const h = Math.max(2, Math.round(height * scale));
  const frames = await sampler.sampledFrames(source, VIDEO_HASH_FRAMES, w, h);
  return frames.map((frame) => ({ ...pdqFromRgb(frame.rgb, w, h), seconds: frame.seconds }));
}
