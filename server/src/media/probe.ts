import { mkdtemp, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { FfmpegError, HARDENED_FFPROBE, runFfmpeg, runMediaTool, type ToolRunOptions } from './ffmpeg.ts';
import { type ImageFormat, type Sniffed, sniffFile, type VideoContainer } from './sniff.ts';
import type { ProbedMedia, UploadErrorCode } from './upload-rules.ts';

export interface MediaToolLimits {
  /** Longest side a video frame may declare. */
  readonly maxVideoSide: number;
  readonly maxVideoPixels: number;
  readonly maxImagePixels: number;
  readonly timeoutMs: number;
  /** Cap on ffprobe's JSON: a real file's report is a few kilobytes. */
  readonly maxProbeOutputBytes: number;
  /** Heap and CPU-time limits of each ffprobe/ffmpeg run on an upload. */
  readonly maxToolMemoryBytes: number;
  readonly maxToolCpuSeconds: number;
}

export const DEFAULT_MEDIA_TOOL_LIMITS: MediaToolLimits = {
  maxVideoSide: 8192,
  maxVideoPixels: 40_000_000,
  maxImagePixels: 100_000_000,
  timeoutMs: 15_000,
  maxProbeOutputBytes: 1_048_576,
  maxToolMemoryBytes: 1_073_741_824,
  maxToolCpuSeconds: 30,
};

/** The only demuxers an upload may reach, whichever one the sniffed type picks with `-f`. */
const DEMUXER_WHITELIST = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm';
/** No HOME, no proxy variables, no ffmpeg/fontconfig settings inherited from the server's environment. */
export const MEDIA_TOOL_ENV = { PATH: '/usr/local/bin:/usr/bin:/bin', LC_ALL: 'C' };

/** Input options for an uploaded file: the demuxer chosen from its sniffed type, and only the whitelisted ones. */
export function uploadDemuxerArgs(container: VideoContainer): string[] {
  // The MOV demuxer's defaults already ignore external data references; pinned so an ffmpeg upgrade cannot loosen them.
  const references = container === 'mov' ? ['-enable_drefs', '0', '-use_absolute_path', '0'] : [];
  return ['-f', container, '-format_whitelist', DEMUXER_WHITELIST, ...references];
}

export interface VideoProbe {
  readonly container: VideoContainer;
  /** Displayed size: coded size swapped when the stream is rotated by a quarter turn. */
  readonly width: number;
  readonly height: number;
  readonly codedWidth: number;
  readonly codedHeight: number;
  readonly rotation: number;
  readonly durationSeconds: number;
  readonly videoCodec: string;
  readonly audioCodec: string | undefined;
  readonly frameCountEstimate: number;
}

export interface ImageProbe {
  readonly format: ImageFormat;
  /** Displayed size, after the EXIF orientation. */
  readonly width: number;
  readonly height: number;
  readonly orientation: number;
}

export type InspectedMedia = ProbedMedia & {
  readonly sniffed: Sniffed;
  readonly video?: VideoProbe;
  readonly image?: ImageProbe;
};

/** A file refused while probing; `code` is the upload code, `detail` is for logs only. */
export class MediaProbeError extends Error {
  readonly code: UploadErrorCode;
  readonly detail: string;
  constructor(code: UploadErrorCode, detail: string) {
    super(`media refused: ${code}`);
    this.name = 'MediaProbeError';
    this.code = code;
    this.detail = detail;
  }
}

/** True when a declared frame is small enough to decode; checked before any decoder runs. */
export function frameSizeAllowed(width: number, height: number, maxSide: number, maxPixels: number): boolean {
  return width > 0 && height > 0 && width <= maxSide && height <= maxSide && width * height <= maxPixels;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  nb_frames?: string;
  avg_frame_rate?: string;
  tags?: Record<string, string>;
  disposition?: { attached_pic?: number };
  side_data_list?: { side_data_type?: string; rotation?: number }[];
}
interface FfprobeReport {
  streams?: FfprobeStream[];
  format?: { duration?: string };
}

const finite = (value: unknown) => {
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
};

function rotationOf(stream: FfprobeStream): number {
  const matrix = stream.side_data_list?.find((data) => data.side_data_type === 'Display Matrix');
  const degrees = finite(matrix?.rotation) ?? finite(stream.tags?.rotate) ?? 0;
  return ((Math.round(degrees) % 360) + 360) % 360;
}

function frameRate(text: string | undefined): number {
  const [numerator, denominator] = (text ?? '').split('/').map(Number);
  return numerator && denominator ? numerator / denominator : 0;
}

/**
 * The one place that runs ffprobe, ffmpeg and sharp on uploaded files. Each run gets a demuxer chosen from
 * the sniffed type, the file and pipe protocols only, a wall-time limit, a fresh scratch directory as its
 * working directory and a minimal environment.
 */
export class MediaToolsRepository {
  readonly #scratchDir: string;
  readonly #limits: MediaToolLimits;

  constructor(scratchDir: string, limits: Partial<MediaToolLimits> = {}) {
    this.#scratchDir = scratchDir;
    this.#limits = { ...DEFAULT_MEDIA_TOOL_LIMITS, ...limits };
  }

  /** Sniffs, then probes what the sniffing allows; never throws for a bad file, it answers with its code. */
  async inspect(path: string): Promise<InspectedMedia> {
    const sniffed = await sniffFile(path);
    if (sniffed.kind === 'rejected') return { kind: 'rejected', code: sniffed.code, sniffed };
    const { size: bytes } = await stat(path);
    try {
      if (sniffed.kind === 'image') {
        const image = await this.probeImage(path, sniffed.format);
        return { kind: 'image', bytes, width: image.width, height: image.height, sniffed, image };
      }
      const video = await this.probeVideo(path, sniffed.container);
      await this.decodeFirstFrame(path, sniffed.container);
      return {
        kind: 'video',
        bytes,
        decodable: true,
        width: video.width,
        height: video.height,
        durationSeconds: video.durationSeconds,
        sniffed,
        video,
      };
    } catch (error) {
      if (!(error instanceof MediaProbeError)) throw error;
      if (error.code === 'wrongMediaForDevice') {
        return { kind: 'video', bytes, decodable: false, width: 0, height: 0, durationSeconds: 0, sniffed };
      }
      return { kind: 'rejected', code: error.code, sniffed };
    }
  }

  /**
   * Reads what the container and stream headers declare, with every decoder told to skip all frames, so a
   * file declaring a giant frame costs nothing here; the declared size is then checked against the limit.
   */
  async probeVideo(path: string, container: VideoContainer): Promise<VideoProbe> {
    // biome-ignore format: option pairs
    const args = [
      ...HARDENED_FFPROBE,
      ...uploadDemuxerArgs(container),
      '-skip_frame', 'all',
      '-print_format', 'json', '-show_streams', '-show_format',
      `file:${resolve(path)}`,
    ];
    const output = await this.#run('ffprobe', args, this.#limits.maxProbeOutputBytes);
    let report: FfprobeReport;
    try {
      report = JSON.parse(output.toString('utf8')) as FfprobeReport;
    } catch {
      throw new MediaProbeError('wrongMediaForDevice', 'ffprobe printed something that is not JSON');
    }
    const stream = report.streams?.find((candidate) => candidate.codec_type === 'video' && !candidate.disposition?.attached_pic);
    if (!stream?.width || !stream.height || !stream.codec_name) {
      throw new MediaProbeError('wrongMediaForDevice', 'no video stream with a frame size');
    }
    const { maxVideoSide, maxVideoPixels } = this.#limits;
    if (!frameSizeAllowed(stream.width, stream.height, maxVideoSide, maxVideoPixels)) {
      throw new MediaProbeError('media_too_many_pixels', `declared frame ${stream.width}x${stream.height}`);
    }
    const rotation = rotationOf(stream);
    const quarterTurn = rotation === 90 || rotation === 270;
    const durationSeconds = finite(stream.duration) ?? finite(report.format?.duration) ?? 0;
    const frames = finite(stream.nb_frames) ?? Math.round(durationSeconds * frameRate(stream.avg_frame_rate));
    return {
      container,
      width: quarterTurn ? stream.height : stream.width,
      height: quarterTurn ? stream.width : stream.height,
      codedWidth: stream.width,
      codedHeight: stream.height,
      rotation,
      durationSeconds,
      videoCodec: stream.codec_name,
      audioCodec: report.streams?.find((candidate) => candidate.codec_type === 'audio')?.codec_name,
      frameCountEstimate: frames,
    };
  }

  /** Decodes the first video frame (the spec's "video must load"), with the decoder's own pixel cap as a second guard. */
  async decodeFirstFrame(path: string, container: VideoContainer): Promise<void> {
    // biome-ignore format: option pairs
    const args = [
      ...uploadDemuxerArgs(container),
      '-max_pixels', String(this.#limits.maxVideoPixels),
      '-i', `file:${resolve(path)}`,
      '-map', '0:v:0', '-frames:v', '1', '-f', 'framecrc', 'pipe:1',
    ];
    // ffmpeg exits 0 even when no frame came out (e.g. the media data is cut off), so the frame line is the proof.
    const report = (await this.#run('ffmpeg', args, 65_536)).toString('utf8');
    if (!report.split('\n').some((line) => line.trim() !== '' && !line.startsWith('#'))) {
      throw new MediaProbeError('wrongMediaForDevice', 'no video frame could be decoded');
    }
  }

  /** Header metadata only, through sharp with a pixel limit; nothing is decoded here. */
  async probeImage(path: string, format: ImageFormat): Promise<ImageProbe> {
    let metadata: Metadata;
    try {
      metadata = await sharp(path, {
        limitInputPixels: this.#limits.maxImagePixels,
        sequentialRead: true,
        failOn: 'error',
      }).metadata();
    } catch (error) {
      const message = (error as Error).message;
      // sharp applies limitInputPixels to the header it reads, so a bomb already fails here.
      const code = /pixel limit/i.test(message) ? 'media_too_many_pixels' : 'not_video_or_image';
      throw new MediaProbeError(code, `sharp could not read the header: ${message}`);
    }
    // sharp picks its loader from the content: a file sniffed as PNG that libvips reads as SVG is refused here.
    const loaded = metadata.format === 'heif' ? 'avif' : metadata.format;
    if (loaded !== format) throw new MediaProbeError('not_video_or_image', `sniffed ${format}, sharp read ${metadata.format}`);
    const { width = 0, height = 0, orientation = 1 } = metadata;
    if (format === 'avif' && metadata.compression !== 'av1') {
      throw new MediaProbeError('unsupported_image_format', `heif compression ${metadata.compression}`);
    }
    if (width <= 0 || height <= 0 || width * height > this.#limits.maxImagePixels) {
      throw new MediaProbeError('media_too_many_pixels', `declared image ${width}x${height}`);
    }
    // EXIF orientations 5–8 turn the picture a quarter turn.
    const quarterTurn = orientation >= 5 && orientation <= 8;
    return { format, width: quarterTurn ? height : width, height: quarterTurn ? width : height, orientation };
  }

  /**
   * One frame at `seconds` (accurate seek), scaled by area averaging to width x height, as raw RGBA bytes.
   * Call after probeVideo has checked the declared frame size.
   */
  async extractRgbaFrame(
    path: string,
    container: VideoContainer,
    seconds: number,
    width: number,
    height: number,
  ): Promise<Uint8Array> {
    const frameBytes = width * height * 4;
    // biome-ignore format: option pairs
    const args = [
      ...uploadDemuxerArgs(container),
      '-max_pixels', String(this.#limits.maxVideoPixels),
      '-ss', seconds.toFixed(3),
      '-i', `file:${resolve(path)}`,
      '-map', '0:v:0', '-frames:v', '1',
      '-vf', `scale=${width}:${height}:flags=area,format=rgba`,
      '-f', 'rawvideo', 'pipe:1',
    ];
    const frame = await this.#run('ffmpeg', args, frameBytes);
    if (frame.length !== frameBytes) throw new MediaProbeError('wrongMediaForDevice', `no frame at ${seconds} s`);
    return frame;
  }

  async #run(command: 'ffmpeg' | 'ffprobe', args: string[], maxOutputBytes: number): Promise<Buffer> {
    const cwd = await mkdtemp(join(this.#scratchDir, `${command}-`));
    const options: ToolRunOptions = {
      timeoutMs: this.#limits.timeoutMs,
      maxOutputBytes,
      cwd,
      env: MEDIA_TOOL_ENV,
      maxMemoryBytes: this.#limits.maxToolMemoryBytes,
      maxCpuSeconds: this.#limits.maxToolCpuSeconds,
    };
    try {
      return command === 'ffmpeg' ? await runFfmpeg(args, options) : await runMediaTool(command, args, options);
    } catch (error) {
      if (error instanceof FfmpegError) throw new MediaProbeError('wrongMediaForDevice', error.message);
      throw error;
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  }
}
