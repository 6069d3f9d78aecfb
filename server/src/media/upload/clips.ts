import { mkdtemp, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { AppError } from '../../http/errors.ts';
import { FfmpegError, runFfmpeg, type ToolRunOptions } from '../ffmpeg.ts';
import { demuxerArgs, TOOL_ENV } from '../probe.ts';
import type { VideoContainer } from '../sniff.ts';

/** One clip to join, as probed: its displayed size and length, and whether it has sound. */
export interface Clip {
  readonly path: string;
  readonly container: VideoContainer;
  readonly width: number;
  readonly height: number;
  readonly durationSeconds: number;
  readonly hasAudio: boolean;
}

export interface ClipToolLimits {
  /** Heap limit of each run: an encoder and one decoder per clip need more than a probe. */
  readonly maxMemoryBytes: number;
  /** The joined file may not grow past this (the video size limit). */
  readonly maxOutputBytes: number;
  /** The decoders' own frame-size cap, as in probing (the clips' declared sizes were checked already). */
  readonly maxVideoPixels: number;
}

/** A joined video plays at this rate; clips recorded at others are resampled to it. */
const JOINED_FPS = 30;
const AUDIO = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';
const even = (value: number) => Math.max(2, Math.floor(value / 2) * 2);

/** The filter graph that scales every clip into the first one's frame and plays them one after another. */
export function joinFilterGraph(clips: readonly Clip[]): { graph: string; hasAudio: boolean } {
  const [first] = clips;
  if (!first) throw new Error('nothing to join');
  const width = even(first.width);
  const height = even(first.height);
  const hasAudio = clips.some((clip) => clip.hasAudio);
  const chains: string[] = [];
  const segments: string[] = [];
  clips.forEach((clip, index) => {
    chains.push(
      `[${index}:v:0]scale=${width}:${height}:force_original_aspect_ratio=decrease,` +
        `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${JOINED_FPS},format=yuv420p[v${index}]`,
    );
    segments.push(`[v${index}]`);
    if (!hasAudio) return;
    // A silent clip among clips with sound gets silence of its own length, so the sound stays in step.
    chains.push(
      clip.hasAudio
        ? `[${index}:a:0]${AUDIO}[a${index}]`
        : `anullsrc=r=48000:cl=stereo,atrim=duration=${clip.durationSeconds.toFixed(3)},${AUDIO}[a${index}]`,
    );
    segments.push(`[a${index}]`);
  });
  chains.push(`${segments.join('')}concat=n=${clips.length}:v=1:a=${hasAudio ? 1 : 0}[v]${hasAudio ? '[a]' : ''}`);
  return { graph: chains.join(';'), hasAudio };
}

/**
 * Joins recorded clips into one video and repairs clips whose header carries no duration. Every input is
 * opened with the demuxer its sniffed type chose and the demuxer whitelist, never through ffmpeg's concat
 * demuxer or a list file (those follow paths written inside them), under the hardened runner's limits.
 */
export class ClipTools {
  readonly #scratchDir: string;
  readonly #limits: ClipToolLimits;

  constructor(scratchDir: string, limits: ClipToolLimits) {
    this.#scratchDir = scratchDir;
    this.#limits = limits;
  }

  /** Writes the clips, in order, as one H.264/AAC MP4 the size of the first clip (the concat filter). */
  async join(clips: readonly Clip[], output: string): Promise<void> {
    const { graph, hasAudio } = joinFilterGraph(clips);
    const seconds = clips.reduce((total, clip) => total + clip.durationSeconds, 0);
    // biome-ignore format: option pairs
    const args = [
      ...clips.flatMap((clip) => [...demuxerArgs(clip.container), '-max_pixels', String(this.#limits.maxVideoPixels), '-i', `file:${resolve(clip.path)}`]),
      '-filter_complex', graph,
      '-map', '[v]', ...(hasAudio ? ['-map', '[a]'] : []),
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p',
      ...(hasAudio ? ['-c:a', 'aac', '-b:a', '160k'] : []),
      '-movflags', '+faststart', '-fs', String(this.#limits.maxOutputBytes),
      '-f', 'mp4', `file:${resolve(output)}`,
    ];
    // Encoding runs at about real time on two cores; the margin covers a busy machine.
    await this.#run(args, 60_000 + seconds * 4_000);
    // -fs ends the file quietly at the limit: a joined video that reached it lost its end.
    if ((await stat(output)).size >= this.#limits.maxOutputBytes) throw new AppError('file_too_large');
  }

  /** Copies the streams into a fresh file of the same family, whose header then states the duration. */
  async remux(input: string, container: VideoContainer, output: string): Promise<void> {
    const format = container === 'mov' ? ['-f', 'mp4', '-movflags', '+faststart'] : ['-f', 'matroska'];
    // biome-ignore format: option pairs
    await this.#run([
      ...demuxerArgs(container), '-i', `file:${resolve(input)}`,
      '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', ...format, `file:${resolve(output)}`,
    ], 300_000);
  }

  async #run(args: string[], timeoutMs: number): Promise<void> {
    const cwd = await mkdtemp(join(this.#scratchDir, 'ffmpeg-'));
    const options: ToolRunOptions = {
      timeoutMs,
      maxOutputBytes: 65_536,
      cwd,
      env: TOOL_ENV,
      maxMemoryBytes: this.#limits.maxMemoryBytes,
      // Two cores' worth of CPU time for the whole wall time.
      maxCpuSeconds: (timeoutMs / 1000) * 2,
    };
    try {
      await runFfmpeg(args, options);
    } catch (error) {
      if (error instanceof FfmpegError) throw new AppError('wrongMediaForDevice');
      throw error;
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  }
}
