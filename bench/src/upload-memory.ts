import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runFfmpeg } from '../../server/src/media/ffmpeg.ts';
import { multipartStream } from '../../server/src/test/multipart.ts';

/**
 * RSS growth of the app while it receives one large upload (`npm run bench:upload`, issue 6: target < 50 MB
 * for 1 GB). The upload is a real video, valid at any size: a 3 s 1080x1920 clip with its index first
 * (faststart) followed by a `free` box of zeros, which every MP4 reader skips. It is generated as it is sent,
 * so the bench itself holds no more than a chunk. The app runs in its own process (upload-server.ts); its
 * RSS is read from /proc while the upload streams, against its idle RSS just before.
 */
const usage = 'Usage: node bench/src/upload-memory.ts [--megabytes 1024]';
const TARGET_MB = 50;
const resultsFile = resolve(import.meta.dirname, '../.results/upload-memory.json');

const rssMegabytes = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024;

async function startServer(): Promise<{ child: ChildProcess; url: string; accessToken: string }> {
  const child = fork(resolve(import.meta.dirname, 'upload-server.ts'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [ready] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`upload server exited with code ${code}`);
    }),
  ])) as [{ url: string; accessToken: string }];
  return { child, ...ready };
}

/** A real faststart clip followed by a `free` box, `megabytes` in all. */
async function* largeVideo(clip: Buffer, megabytes: number) {
  const padding = megabytes * 1024 * 1024 - clip.length - 8;
  const box = Buffer.alloc(8);
  box.writeUInt32BE(padding + 8);
  box.write('free', 4, 'latin1');
  yield clip;
  yield box;
  const zeros = Buffer.alloc(1024 * 1024);
  for (let left = padding; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
}

async function main() {
  const { values } = parseArgs({ options: { megabytes: { type: 'string', default: '1024' } } });
  const megabytes = Number(values.megabytes);
  if (!Number.isInteger(megabytes) || megabytes < 1 || megabytes >= 4096) {
    console.error(usage);
    process.exit(2);
  }
  const loadAverage = loadavg()[0]!.toFixed(2);
  const work = mkdtempSync(join(tmpdir(), 'velvet-upload-bench-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    // biome-ignore format: option pairs
    await runFfmpeg([
      '-y', '-f', 'lavfi', '-i', 'testsrc2=s=1080x1920:r=30:d=3', '-c:v', 'libx264', '-preset', 'ultrafast',
      '-pix_fmt', 'yuv420p', '-movflags', '+faststart', join(work, 'clip.mp4'),
    ]);
    const clip = readFileSync(join(work, 'clip.mp4'));
    process.stderr.write('starting the app on a fresh embedded PostgreSQL (bench/.data/upload)…\n');
    server = await startServer();
    const headers = { authorization: `Bearer ${server.accessToken}` };
    const token = await (await fetch(`${server.url}/api/media/uptoken`, { headers })).json();
    const pid = server.child.pid as number;
    // Idle RSS: the lowest of a second's samples, once start-up work has settled.
    await new Promise((done) => setTimeout(done, 2000));
    let idle = Number.POSITIVE_INFINITY;
    for (let sample = 0; sample < 20; sample++) {
      idle = Math.min(idle, rssMegabytes(pid));
      await new Promise((done) => setTimeout(done, 50));
    }
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMegabytes(pid));
    }, 20);
    const form = multipartStream([
      { name: 'purpose', value: 'post' },
      { name: 'upToken', value: token.upToken },
      { name: 'file', value: largeVideo(clip, megabytes), filename: 'large.mp4', type: 'video/mp4' },
    ]);
    const started = Date.now();
    const answer = await new Promise<{ statusCode?: number; error?: string }>((resolveAnswer, reject) => {
      const client = request(`${server?.url}/media-api/upload-preprocess`, {
        method: 'POST',
        headers: { ...headers, 'content-type': form.contentType },
      });
      client.on('response', async (response) => {
        const chunks: Buffer[] = [];
        for await (const chunk of response) chunks.push(chunk as Buffer);
        resolveAnswer(JSON.parse(Buffer.concat(chunks).toString()));
      });
      client.on('error', reject);
      form.body.pipe(client);
    });
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const growth = peak - idle;
    const row = {
      megabytes,
      seconds: Number(seconds.toFixed(1)),
      megabytesPerSecond: Number((megabytes / seconds).toFixed(0)),
      idleRssMb: Number(idle.toFixed(1)),
      peakRssMb: Number(peak.toFixed(1)),
      growthMb: Number(growth.toFixed(1)),
      targetMb: TARGET_MB,
      ratio: Number((growth / TARGET_MB).toFixed(2)),
      answer: answer.statusCode === 1 ? 'accepted' : `refused: ${answer.error}`,
    };
    console.log(
      `\nVelvet upload memory: Node ${process.version}, ${availableParallelism()} CPUs, load average ${loadAverage} at start\n`,
    );
    console.log(
      Object.entries(row)
        .map(([name, value]) => `${name.padEnd(20)} ${value}`)
        .join('\n'),
    );
    mkdirSync(resolve(resultsFile, '..'), { recursive: true });
    writeFileSync(
      resultsFile,
      `${JSON.stringify({ date: new Date().toISOString(), node: process.version, loadAverage, ...row }, null, 2)}\n`,
    );
    console.log(`\nresults: ${resultsFile}`);
    if (answer.statusCode !== 1 || growth >= TARGET_MB) {
      console.error(
        `FAILED: ${answer.statusCode !== 1 ? row.answer : `growth ${row.growthMb} MB is over the ${TARGET_MB} MB target`}`,
      );
      process.exitCode = 1;
    }
  } finally {
    if (server && server.child.exitCode === null) {
      const exited = once(server.child, 'exit');
      server.child.kill('SIGTERM');
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
