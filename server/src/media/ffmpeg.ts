import { spawn } from 'node:child_process';

/**
 * Options every ffmpeg run starts with: never read the terminal, and open only local files and pipes,
 * so no input can make ffmpeg fetch a URL or follow a playlist elsewhere (see ARCHITECTURE.md, media
 * pipeline). Callers that read uploads add a demuxer whitelist or an explicit `-f` on top.
 */
const HARDENED = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file,pipe'];
/** ffprobe has no `-nostdin`; it is started with standard input closed instead. */
export const HARDENED_FFPROBE = ['-hide_banner', '-v', 'error', '-protocol_whitelist', 'file,pipe'];
const STDERR_LIMIT = 8_192;

export class FfmpegError extends Error {}

export interface ToolRunOptions {
  /** Wall-time limit; the process is killed with SIGKILL when it passes. */
  readonly timeoutMs?: number;
  /** Standard output beyond this kills the process: a hostile file must not make a tool print without end. */
  readonly maxOutputBytes?: number;
  readonly cwd?: string;
  /** The whole environment of the child; the parent's is not inherited when this is given. */
  readonly env?: Readonly<Record<string, string>>;
  /** Heap limit (RLIMIT_DATA): a file that makes the tool allocate beyond it fails instead of exhausting memory. */
  readonly maxMemoryBytes?: number;
  /** CPU-time limit (RLIMIT_CPU), on top of the wall-time limit: the kernel ends the tool when it passes. */
  readonly maxCpuSeconds?: number;
}

/** The command line that applies the resource limits: prlimit (util-linux) sets them, then runs the tool in its place. */
function limitedCommand(command: string, args: readonly string[], options: ToolRunOptions): [string, string[]] {
  const limits = [
    ...(options.maxMemoryBytes ? [`--data=${Math.floor(options.maxMemoryBytes)}`] : []),
    ...(options.maxCpuSeconds ? [`--cpu=${Math.ceil(options.maxCpuSeconds)}`] : []),
  ];
  return limits.length ? ['prlimit', [...limits, '--', command, ...args]] : [command, [...args]];
}

/** Runs ffmpeg or ffprobe (arguments as given) and resolves with standard output; any failure is an FfmpegError. */
export function runMediaTool(
  command: 'ffmpeg' | 'ffprobe',
  args: readonly string[],
  options: ToolRunOptions = {},
): Promise<Buffer> {
  const { timeoutMs = 120_000, maxOutputBytes = Number.POSITIVE_INFINITY, cwd, env } = options;
  return new Promise((resolve, reject) => {
    const [program, programArgs] = limitedCommand(command, args, options);
    const child = spawn(program, programArgs, { stdio: ['ignore', 'pipe', 'pipe'], cwd, env });
    const output: Buffer[] = [];
    let outputBytes = 0;
    let stderr = '';
    let stopped = '';
    const stop = (reason: string) => {
      stopped ||= reason;
      child.kill('SIGKILL');
    };
    child.stdout.on('data', (chunk: Buffer) => {
      outputBytes += chunk.length;
      if (outputBytes > maxOutputBytes) stop(`output over ${maxOutputBytes} bytes`);
      else output.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_LIMIT) stderr += chunk.toString();
    });
    const timer = setTimeout(() => stop(`timed out after ${timeoutMs} ms`), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new FfmpegError(`${command} could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0 && !stopped) resolve(Buffer.concat(output));
      else {
        const why = stopped || signal || `exit ${code}`;
        reject(new FfmpegError(`${command} failed (${why}): ${stderr.trim().slice(0, 500)}`));
      }
    });
  });
}

/** Runs ffmpeg with the hardened options and resolves with its standard output (empty unless writing to `pipe:1`). */
export function runFfmpeg(args: readonly string[], options: ToolRunOptions = {}): Promise<Buffer> {
  return runMediaTool('ffmpeg', [...HARDENED, ...args], options);
}
