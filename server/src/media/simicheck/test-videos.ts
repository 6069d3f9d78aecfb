import { join } from 'node:path';
import { runFfmpeg } from '../ffmpeg.ts';

/**
 * Videos for the duplicate-check tests, made with ffmpeg: one original, copies that must be found, and
 * unrelated videos that must not be flagged. Short and at 10 fps so the set builds in seconds.
 */
const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

export const ORIGINAL = 'original.mp4';

/** Copies of ORIGINAL, each with the change it went through. */
export const COPIES: Record<string, string[]> = {
  'reencoded-mpeg4.mp4': ['-i', ORIGINAL, '-c:v', 'mpeg4', '-q:v', '10'],
  'reencoded-crf38.mp4': ['-i', ORIGINAL, ...x264, '-crf', '38'],
  'reencoded-vp8.webm': ['-i', ORIGINAL, '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '600k'],
  'rescaled-540x960.mp4': ['-i', ORIGINAL, '-vf', 'scale=540:960', ...x264, '-crf', '28'],
  'cropped-4pc.mp4': ['-i', ORIGINAL, '-vf', 'crop=1036:1844', ...x264, '-crf', '26'],
  'cropped-6pc-offcentre-rescaled.mp4': ['-i', ORIGINAL, '-vf', 'crop=1016:1804:10:30,scale=540:960', ...x264, '-crf', '26'],
};

/** Unrelated videos: other lavfi sources, patterns and colours, including the original's pattern mirrored. */
export const DIFFERENT: Record<string, string[]> = {
  'mandelbrot.mp4': ['-f', 'lavfi', '-i', 'mandelbrot=s=540x960:r=10', '-t', '3', ...x264],
  'smptebars.mp4': ['-f', 'lavfi', '-i', 'smptebars=s=540x960:r=10:d=3', ...x264],
  'testsrc.mp4': ['-f', 'lavfi', '-i', 'testsrc=s=540x960:r=10:d=3', ...x264],
  'rgbtestsrc.mp4': ['-f', 'lavfi', '-i', 'rgbtestsrc=s=540x960:r=10:d=3', ...x264],
  'cellauto.mp4': ['-f', 'lavfi', '-i', 'cellauto=s=540x960:r=10:rule=110', '-t', '3', ...x264],
  'red.mp4': ['-f', 'lavfi', '-i', 'color=c=red:s=540x960:r=10:d=3', ...x264],
  'blue.mp4': ['-f', 'lavfi', '-i', 'color=c=blue:s=540x960:r=10:d=3', ...x264],
  'mirrored-original.mp4': ['-f', 'lavfi', '-i', 'testsrc2=s=1080x1920:r=10:d=3', '-vf', 'hflip', ...x264],
};

/** Writes ORIGINAL, COPIES and DIFFERENT into dir (inputs named relative to dir). */
export async function makeTestVideos(dir: string): Promise<void> {
  const inDir = (args: string[]) =>
    args.map((arg, index) => (args[index - 1] === '-i' && arg.endsWith('.mp4') ? join(dir, arg) : arg));
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc2=s=1080x1920:r=10:d=3', ...x264, '-crf', '20', join(dir, ORIGINAL)]);
  const jobs = Object.entries({ ...COPIES, ...DIFFERENT });
  // Two at a time: the machine has two cores.
  for (let index = 0; index < jobs.length; index += 2) {
    await Promise.all(jobs.slice(index, index + 2).map(([name, args]) => runFfmpeg(['-y', ...inDir(args), join(dir, name)])));
  }
}
