import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { FfmpegError, HARDENED_FFPROBE, runFfmpeg, runMediaTool, type ToolRunOptions } from '../ffmpeg.ts';
import { DEFAULT_MEDIA_TOOL_LIMITS, demuxerArgs, TOOL_ENV, type VideoProbe } from '../probe.ts';
import { canRemux, RUNG_MAX_BITRATE, type Rung, rungSize, SEGMENT_SECONDS } from './ladder.ts';
import { ProcessingFailure } from './processing-failure.ts';

/** Limits of one transcoding run; the time limits grow with the source's duration. */
export interface TranscodeLimits {
  readonly maxMemoryBytes: number;
  readonly baseTimeoutMs: number;
  /** Wall time allowed per second of source, on top of the base. */
  readonly timeoutMsPerSecond: number;
  readonly maxVideoPixels: number;
}

export const DEFAULT_TRANSCODE_LIMITS: TranscodeLimits = {
  maxMemoryBytes: 2_147_483_648,
  baseTimeoutMs: 60_000,
  timeoutMsPerSecond: 10_000,
  maxVideoPixels: DEFAULT_MEDIA_TOOL_LIMITS.maxVideoPixels,
};

/** A local copy of an uploaded video and what probe.ts read from it (container from the sniffed type). */
export interface VideoSource {
  readonly path: string;
  readonly probe: VideoProbe;
}

/** An MP4 rendition in the scratch folder, checked with ffprobe after it was written. */
export interface RenderedMp4 {
  readonly path: string;
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
  readonly durationSeconds: number;
  readonly bitRate: number;
  /** RFC 6381 codecs of the file, for the HLS master playlist. */
  readonly codecs: string;
  readonly remuxed: boolean;
}

export interface HlsRendition {
  readonly mp4: RenderedMp4;
  /** Folder name of the rung inside the HLS folder, e.g. `360p`. */
  readonly folder: string;
}

interface OutputReport {
  streams?: { codec_type?: string; profile?: string; level?: number; width?: number; height?: number }[];
  format?: { duration?: string; bit_rate?: string };
}

const AVC_PROFILES: Record<string, string> = { High: '6400', Main: '4d40', Baseline: '42e0', 'Constrained Baseline': '42e0' };
/** A rendition shorter than this share of the source lost frames on the way (a cut or corrupt original). */
const MIN_DURATION_SHARE = 0.9;

/**
 * The ffmpeg side of processing a video: ladder rungs (encode or remux), HLS packaging of the rungs and
 * still frames. Uploads are read with the demuxer chosen from the sniffed type and the decoder's pixel cap;
 * every run gets the hardened options of ffmpeg.ts, a minimal environment and time, CPU and memory limits.
 */
/** One sampled frame of a video, packed 8-bit RGB at the size asked for. */
export interface SampledFrame {
  readonly seconds: number;
  readonly rgb: Buffer;
}

export class Transcoder {
  readonly #limits: TranscodeLimits;

  constructor(limits: Partial<TranscodeLimits> = {}) {
    this.#limits = { ...DEFAULT_TRANSCODE_LIMITS, ...limits };
  }

  /**
   * One rung as a faststart MP4 without the upload's metadata. A source that already is this rung (see
   * canRemux) is remuxed: its frames are copied into a new container, so the served bytes are still never
   * the uploaded ones. Everything else is re-encoded to H.264 High yuv420p (veryfast, CRF 23 capped per
   * rung) with AAC, rotation applied (ffmpeg turns frames upright while decoding), keyframes every 4 s.
   */
  async renderRung(source: VideoSource, rung: Rung, outPath: string): Promise<RenderedMp4> {
    const { probe } = source;
    const size = rungSize(rung, probe.width, probe.height);
    const remuxed = canRemux(probe, rung);
    const maxRate = RUNG_MAX_BITRATE[rung];
    // biome-ignore format: option pairs
    const encode = [
      '-vf', `scale=${size.width}:${size.height}:flags=bicubic,format=yuv420p`, '-fpsmax', '60',
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high',
      '-maxrate', String(maxRate), '-bufsize', String(maxRate * 2),
      '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
      '-c:a', 'aac', '-b:a', '128k', '-ac', '2',
    ];
    // biome-ignore format: option pairs
    await this.#ffmpeg(probe.durationSeconds, [
      ...this.#input(source),
      '-map', '0:v:0', '-map', '0:a:0?', '-map_metadata', '-1', '-map_chapters', '-1', '-sn', '-dn',
      ...(remuxed ? ['-c', 'copy'] : encode),
      '-movflags', '+faststart', '-f', 'mp4', `file:${resolve(outPath)}`,
    ]);
    const rendered = await this.inspectMp4(outPath, remuxed);
    if (probe.durationSeconds > 0 && rendered.durationSeconds < probe.durationSeconds * MIN_DURATION_SHARE) {
      throw new ProcessingFailure(
        'media_transcode_incomplete',
        `${rendered.durationSeconds.toFixed(2)} s of ${probe.durationSeconds.toFixed(2)} s came out`,
        { permanent: false },
      );
    }
    return rendered;
  }

  /**
   * HLS of the rungs: each rendition's frames copied (not encoded again) into ~4 s fMP4 segments with a VOD
   * playlist in `dir/<folder>/`, then `dir/master.m3u8` listing them. Answers the written files, relative
   * to dir, master last: storing them in this order means the master never names a missing playlist.
   */
  async packageHls(renditions: readonly HlsRendition[], dir: string): Promise<string[]> {
    const files: string[] = [];
    for (const { mp4, folder } of renditions) {
      const rungDir = join(dir, folder);
      await mkdir(rungDir, { recursive: true });
      // biome-ignore format: option pairs
      await this.#ffmpeg(mp4.durationSeconds, [
        '-y', '-f', 'mov', '-i', `file:${resolve(mp4.path)}`, '-map', '0', '-c', 'copy',
        '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod',
        '-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4',
        '-hls_segment_filename', 'seg-%03d.m4s', '-hls_flags', 'independent_segments', 'index.m3u8',
      ], rungDir);
      const playlist = await readFile(join(rungDir, 'index.m3u8'), 'utf8');
      const segments = playlist.split('\n').filter((line) => line.endsWith('.m4s'));
      files.push(...['init.mp4', ...segments, 'index.m3u8'].map((file) => `${folder}/${file}`));
    }
    await writeFile(join(dir, 'master.m3u8'), masterPlaylist(renditions));
    files.push('master.m3u8');
    return files;
  }

  /** One frame at `seconds`, turned upright and scaled to width x height, as PNG bytes. */
  async stillFrame(source: VideoSource, seconds: number, width: number, height: number): Promise<Buffer> {
    // biome-ignore format: option pairs
    const frame = await this.#ffmpeg(0, [
      ...this.#input(source, seconds),
      '-map', '0:v:0', '-frames:v', '1', '-vf', `scale=${width}:${height}:flags=bicubic`,
      '-f', 'image2pipe', '-c:v', 'png', 'pipe:1',
    ], undefined, width * height * 8 + 65_536);
    if (frame.length === 0)
      throw new ProcessingFailure('media_transcode_failed', `no frame at ${seconds} s`, { permanent: false });
    return frame;
  }

  /**
   * Up to `count` frames spread evenly over the video (one a second for short ones), upright and scaled to
   * width x height, as packed RGB: what the perceptual hashes of a video are computed from.
   */
  async sampledFrames(source: VideoSource, count: number, width: number, height: number): Promise<SampledFrame[]> {
    const { durationSeconds } = source.probe;
    const every = Math.max(1, durationSeconds / count);
    const frameBytes = width * height * 3;
    // biome-ignore format: option pairs
    const raw = await this.#ffmpeg(durationSeconds, [
      ...this.#input(source),
      '-map', '0:v:0', '-vf', `fps=1/${every.toFixed(3)},scale=${width}:${height}:flags=area`,
      '-frames:v', String(count), '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1',
    ], undefined, frameBytes * count + 1);
    const frames: SampledFrame[] = [];
    for (let offset = 0; offset + frameBytes <= raw.length; offset += frameBytes) {
      frames.push({ seconds: frames.length * every, rgb: raw.subarray(offset, offset + frameBytes) });
    }
    return frames;
  }

  /** Reads back an MP4 this class wrote: size, duration, bitrate and codecs. */
  async inspectMp4(path: string, remuxed = false): Promise<RenderedMp4> {
    const args = [
      ...HARDENED_FFPROBE,
      '-f',
      'mov',
      '-print_format',
      'json',
      '-show_streams',
      '-show_format',
      `file:${resolve(path)}`,
    ];
    const report = JSON.parse((await this.#tool('ffprobe', args, 30_000)).toString('utf8')) as OutputReport;
    const video = report.streams?.find((stream) => stream.codec_type === 'video');
    const audio = report.streams?.some((stream) => stream.codec_type === 'audio');
    if (!video?.width || !video.height)
      throw new ProcessingFailure('media_transcode_failed', `${path} has no video`, { permanent: false });
    const profile = AVC_PROFILES[video.profile ?? ''] ?? '6400';
    const level = (video.level ?? 40).toString(16).padStart(2, '0');
    const durationSeconds = Number(report.format?.duration ?? 0);
    const { size: bytes } = await stat(path);
    return {
      path,
      width: video.width,
      height: video.height,
      bytes,
      durationSeconds,
      bitRate: Number(report.format?.bit_rate ?? 0) || Math.round((bytes * 8) / Math.max(durationSeconds, 0.1)),
      codecs: [`avc1.${profile}${level}`, ...(audio ? ['mp4a.40.2'] : [])].join(','),
      remuxed,
    };
  }

  #input(source: VideoSource, seekSeconds?: number): string[] {
    const seek = seekSeconds === undefined ? [] : ['-ss', seekSeconds.toFixed(3)];
    const { container } = source.probe;
    return [
      '-y',
      ...demuxerArgs(container),
      '-max_pixels',
      String(this.#limits.maxVideoPixels),
      ...seek,
      '-i',
      `file:${resolve(source.path)}`,
    ];
  }

  #ffmpeg(sourceSeconds: number, args: string[], cwd?: string, maxOutputBytes?: number): Promise<Buffer> {
    const timeoutMs = this.#limits.baseTimeoutMs + sourceSeconds * this.#limits.timeoutMsPerSecond;
    return this.#tool('ffmpeg', args, timeoutMs, cwd, maxOutputBytes);
  }

  async #tool(command: 'ffmpeg' | 'ffprobe', args: string[], timeoutMs: number, cwd?: string, maxOutputBytes?: number) {
    const options: ToolRunOptions = {
      timeoutMs,
      cwd,
      env: TOOL_ENV,
      maxOutputBytes: maxOutputBytes ?? 4_194_304,
      maxMemoryBytes: this.#limits.maxMemoryBytes,
      // Both cores busy for the whole wall-time limit is the most a run can honestly use.
      maxCpuSeconds: (timeoutMs / 1000) * 2,
    };
    try {
      return command === 'ffmpeg' ? await runFfmpeg(args, options) : await runMediaTool('ffprobe', args, options);
    } catch (error) {
      if (error instanceof FfmpegError)
        throw new ProcessingFailure('media_transcode_failed', error.message, { permanent: false });
      throw error;
    }
  }
}

/** The HLS master playlist: one variant stream per rung, smallest first, with its peak rate, size and codecs. */
export function masterPlaylist(renditions: readonly HlsRendition[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const { mp4, folder } of renditions) {
    // Capped CRF keeps peaks near the cap; 1.25x the average is a fair peak for players that budget on it.
    const peak = Math.round(mp4.bitRate * 1.25);
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${peak},AVERAGE-BANDWIDTH=${mp4.bitRate},RESOLUTION=${mp4.width}x${mp4.height},CODECS="${mp4.codecs}"`,
      `${folder}/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}
