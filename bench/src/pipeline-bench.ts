import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildConfig, parseSettings } from '../../server/src/config.ts';
import { createContainer } from '../../server/src/container.ts';
import { createLogger } from '../../server/src/logger.ts';
import { runFfmpeg } from '../../server/src/media/ffmpeg.ts';
import { LADDER, RUNG_MAX_BITRATE, rungSize, SEGMENT_SECONDS } from '../../server/src/media/processing/ladder.ts';
import { makeClip, uploadedPost } from '../../server/src/media/processing/test-uploads.ts';

const usage = `Usage: node bench/src/pipeline-bench.ts [--seconds <n>]
  --seconds  length of the 1080x1920 source (default 60)

Times the media pipeline's processing of one video post (probe, the four ladder rungs, HLS, stills, storage)
against the same ladder run as plain ffmpeg commands, in the same run. Target: pipeline <= 1.15x ffmpeg.`;
const TARGET_RATIO = 1.15;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

/** The ladder as someone would run it by hand: one ffmpeg per rung, the pipeline's encoder settings, no checks. */
async function rawLadder(source: string, dir: string): Promise<void> {
  for (const rung of LADDER) {
    const { width, height } = rungSize(rung, 1080, 1920);
    const rate = RUNG_MAX_BITRATE[rung];
    // biome-ignore format: option pairs
    await runFfmpeg([
      '-y', '-i', source, '-map', '0:v:0', '-map', '0:a:0?',
      '-vf', `scale=${width}:${height}:flags=bicubic,format=yuv420p`, '-fpsmax', '60',
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high',
      '-maxrate', String(rate), '-bufsize', String(rate * 2),
      '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
      '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-movflags', '+faststart', join(dir, `raw-${rung}.mp4`),
    ], { timeoutMs: 3_600_000 });
  }
}

async function main() {
  const { values } = parseArgs({ options: { seconds: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(usage);
    return;
  }
  const seconds = Number(values.seconds ?? '60');
  if (!Number.isInteger(seconds) || seconds < 2) throw new Error(`--seconds must be an integer of at least 2.\n${usage}`);

  const dir = mkdtempSync(join(tmpdir(), 'velvet-pipeline-bench-'));
  // Run as root, the embedded PostgreSQL runs as a user of its own, which must enter the folder.
  chmodSync(dir, 0o755);
  const settings = parseSettings({
    DATA_DIR: dir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    EVENT_BUS: 'memory',
    EMBEDDED_PG_PORT: String(await freePort()),
  });
  const config = buildConfig(settings);
  const container = await createContainer(config, createLogger(config.logLevel));
  try {
    console.log(`Making a ${seconds} s 1080x1920 source (MPEG-4 part 2, so every rung is encoded) ...`);
    const source = await makeClip(join(dir, 'source.mp4'), {
      width: 1080,
      height: 1920,
      seconds,
      codec: ['-c:v', 'mpeg4', '-q:v', '3'],
    });
    const { id: userId } = await container.database.db
      .insertInto('users')
      .values({ username: 'pipeline.bench' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { postId } = await uploadedPost(container, userId, [source]);
    await container.services.processing.schedule(postId);

    console.log('Plain ffmpeg ladder ...');
    const raw = await timed(() => rawLadder(source, dir));
    console.log('Pipeline (the media:process job body, run directly) ...');
    const pipeline = await timed(() => container.services.processing.process(postId, { attempts: 1, maxAttempts: 1 }));
    const { status } = await container.database.db
      .selectFrom('posts')
      .select('status')
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    if (status !== 6) throw new Error(`the pipeline left the post in status ${status}`);

    const ratio = pipeline / raw;
    console.log(
      `\ncores ${availableParallelism()}, load ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
    console.log(`plain ffmpeg ladder  ${raw.toFixed(1)} s`);
    console.log(`pipeline             ${pipeline.toFixed(1)} s`);
    console.log(
      `ratio                ${ratio.toFixed(3)} (target <= ${TARGET_RATIO}) ${ratio <= TARGET_RATIO ? 'ok' : 'OVER TARGET'}`,
    );
    process.exitCode = ratio <= TARGET_RATIO ? 0 : 1;
  } finally {
    await container.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
