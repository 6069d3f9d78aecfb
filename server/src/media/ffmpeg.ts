import { spawn } from 'node:child_process';

/**
 * Options every ffmpeg run starts with: never read the terminal, and open only local files and pipes,
 * so no input can make ffmpeg fetch a URL or follow a playlist elsewhere (see ARCHITECTURE.md, media
 * pipeline). Callers that read uploads add a demuxer whitelist or an explicit `-f` on top.
 */
const HARDENED = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file,pipe'];
const STDERR_LIMIT = 8_192;

export class FfmpegError extends Error {}

/** Runs ffmpeg with the hardened options and resolves with its standard output (empty unless writing to `pipe:1`). */
export function runFfmpeg(args: readonly string[], { timeoutMs = 120_000 }: { timeoutMs?: number } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', [...HARDENED, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_LIMIT) stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new FfmpegError(`ffmpeg could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(output));
      else reject(new FfmpegError(`ffmpeg failed (${signal ?? `exit ${code}`}): ${stderr.trim().slice(0, 500)}`));
    });
  });
}
