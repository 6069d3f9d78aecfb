import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { FfmpegError, runFfmpeg } from '../ffmpeg.ts';
import { demuxerArgs, TOOL_ENV } from '../probe.ts';
import { ProcessingFailure } from './processing-failure.ts';

/** How long each picture of an image post stays on screen in its slideshow video. */
export const SLIDE_SECONDS = 2.5;
/** A phone-shaped frame; pictures of other shapes sit on a blurred, darkened copy of themselves. */
export const SLIDESHOW_SIZE = { width: 720, height: 1280 } as const;
const FPS = 30;

const slideName = (index: number) => `slide-${String(index).padStart(3, '0')}.jpg`;

/**
 * One slide: the picture fitted whole into the frame over a blurred cover-fit copy, written as `slide-NNN.jpg`
 * in dir. The input is one of our own stored JPEG variants, never the upload.
 */
export async function composeSlide(picture: Buffer, dir: string, index: number): Promise<void> {
  const { width, height } = SLIDESHOW_SIZE;
  const [background, foreground] = await Promise.all([
    sharp(picture).resize({ width, height, fit: 'cover' }).blur(30).modulate({ brightness: 0.55 }).toBuffer(),
    sharp(picture).resize({ width, height, fit: 'inside' }).toBuffer(),
  ]);
  await sharp(background)
    .composite([{ input: foreground, gravity: 'centre' }])
    .jpeg({ quality: 90 })
    .toFile(join(dir, slideName(index)));
}

/**
 * The slideshow video of `count` slides in dir: H.264 + AAC, faststart, SLIDE_SECONDS per slide, with the
 * sound looped to the length (a library file, read with the MOV demuxer only) or a silent track without one,
 * so every slideshow has the same stream layout.
 */
export async function renderSlideshow(dir: string, count: number, soundPath: string | undefined, outPath: string): Promise<void> {
  const seconds = count * SLIDE_SECONDS;
  const sound = soundPath
    ? ['-stream_loop', '-1', ...demuxerArgs('mov'), '-i', `file:${resolve(soundPath)}`]
    : ['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=stereo'];
  // biome-ignore format: option pairs
  const args = [
    '-y', '-f', 'image2', '-framerate', String(1 / SLIDE_SECONDS), '-i', 'slide-%03d.jpg', ...sound,
    '-map', '0:v', '-map', '1:a', '-t', seconds.toFixed(3), '-vf', `fps=${FPS},format=yuv420p`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-tune', 'stillimage', '-profile:v', 'high',
    '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-map_metadata', '-1',
    '-movflags', '+faststart', '-f', 'mp4', `file:${resolve(outPath)}`,
  ];
  const timeoutMs = 60_000 + seconds * 5_000;
  try {
    await runFfmpeg(args, {
      cwd: dir,
      env: TOOL_ENV,
      timeoutMs,
      maxCpuSeconds: (timeoutMs / 1000) * 2,
      maxMemoryBytes: 2_147_483_648,
      maxOutputBytes: 65_536,
    });
  } catch (error) {
    if (error instanceof FfmpegError) throw new ProcessingFailure('media_transcode_failed', error.message, { permanent: false });
    throw error;
  }
}
