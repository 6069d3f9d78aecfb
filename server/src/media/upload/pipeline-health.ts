import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { workerSeenWithin } from '../../jobs/worker-heartbeat.ts';
import { runMediaTool } from '../ffmpeg.ts';

/** A worker counts as alive when it beat this recently; ffmpeg's presence is rechecked after as long. */
const WORKER_SEEN_SECONDS = 60;
const FFMPEG_CHECK_MS = 60_000;

export interface PipelineHealthReport {
  /** A graphile-worker process beat within the last 60 s. */
  readonly worker: boolean;
  /** `ffmpeg -version` runs on this node. */
  readonly ffmpeg: boolean;
  /** Media jobs (`media:*`) waiting or running. */
  readonly queueDepth: number;
}

/** GET /media-api/mcp-alive: can an upload made now be processed? */
export class PipelineHealth {
  readonly #db: Db;
  readonly #jobs: JobQueue;
  /** The last check, shared by the requests that come while it runs. */
  #ffmpeg: { ok: Promise<boolean>; checkedAt: number } | undefined;

  constructor(db: Db, jobs: JobQueue) {
    this.#db = db;
    this.#jobs = jobs;
  }

  async report(): Promise<PipelineHealthReport> {
    const [worker, ffmpeg, queueDepth] = await Promise.all([
      workerSeenWithin(this.#db, WORKER_SEEN_SECONDS),
      this.#ffmpegRuns(),
      this.#jobs.depth('media:'),
    ]);
    return { worker, ffmpeg, queueDepth };
  }

  #ffmpegRuns(): Promise<boolean> {
    if (!this.#ffmpeg || Date.now() - this.#ffmpeg.checkedAt >= FFMPEG_CHECK_MS) {
      const ok = runMediaTool('ffmpeg', ['-hide_banner', '-version'], { timeoutMs: 5_000, maxOutputBytes: 65_536 }).then(
        () => true,
        () => false,
      );
      this.#ffmpeg = { ok, checkedAt: Date.now() };
    }
    return this.#ffmpeg.ok;
  }
}
