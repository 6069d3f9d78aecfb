import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import { AppError } from '../http/errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { storedTypeOf } from '../media/media-type.ts';
import { sniffFile } from '../media/sniff.ts';
import type { EventPublisher } from '../realtime/events.ts';
import { IngestRefused, type MediaIngest } from './media-ingest.ts';
import { findMediaUrl } from './media-page.ts';
import { parseImportUrl, type SafeFetcher, ScraperFailure } from './safe-fetch.ts';
import type { ScraperJob, ScraperRepository } from './scraper.repository.ts';

/** At most this many imports of one user wait or run at once. */
export const MAX_ACTIVE_JOBS = 3;
/** A running import looks this often whether its owner canceled it, and stops its download if so. */
const CANCEL_CHECK_MS = 1000;
/** A page is read up to this size to find its media. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

export interface ScraperDeps {
  readonly repository: ScraperRepository;
  readonly fetcher: SafeFetcher;
  readonly ingest: MediaIngest;
  readonly jobs: JobQueue;
  readonly events?: EventPublisher;
  readonly scratchDir: string;
  readonly maxBytes: number;
  readonly timeoutMs: number;
  readonly log: Logger;
}

/** A job as the API shows it (SPEC §3: scraper job id, uid). */
export interface ScraperJobView {
  readonly id: number;
  readonly uid: string;
  readonly sourceUrl: string;
  readonly state: ScraperJob['state'];
  readonly mediaUrl: string | null;
  readonly mediaId: number | null;
  /** The post the import became. */
  readonly postId: number | null;
  readonly error: string | null;
  readonly createdDate: string;
  readonly finishedDate: string | null;
}

const view = (job: ScraperJob): ScraperJobView => ({
  id: job.id,
  uid: job.uid,
  sourceUrl: job.sourceUrl,
  state: job.state,
  mediaUrl: job.mediaUrl,
  mediaId: job.mediaId,
  postId: job.postId,
  error: job.error,
  createdDate: job.createdAt.toISOString(),
  finishedDate: job.finishedAt?.toISOString() ?? null,
});

/** Counts bytes through a stream and fails once there are more than allowed. */
function byteLimit(maxBytes: number, counted: { bytes: number }) {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counted.bytes += chunk.length;
      if (counted.bytes > maxBytes) callback(new ScraperFailure('scraper_too_large', `more than ${maxBytes} bytes`));
      else callback(null, chunk);
    },
  });
}

/** URL imports (SPEC §7 `/api/scraper`): jobs per user, run by the worker, ending with a scraper-done notification. */
export class ScraperService {
  readonly #deps: ScraperDeps;

  constructor(deps: ScraperDeps) {
    this.#deps = deps;
  }

  async list(userId: number, limit: number, before?: number): Promise<{ jobs: ScraperJobView[]; canLoadMore: boolean }> {
    const rows = await this.#deps.repository.listOwned(userId, limit + 1, before);
    return { jobs: rows.slice(0, limit).map(view), canLoadMore: rows.length > limit };
  }

  /** One import of the user's by id (the composer opened from a scraper-done notification); not_found otherwise. */
  async one(userId: number, jobId: number): Promise<ScraperJobView> {
    const job = await this.#deps.repository.find(jobId);
    if (!job || job.userId !== userId) throw new AppError('not_found');
    return view(job);
  }

  async create(userId: number, sourceUrl: string): Promise<ScraperJobView> {
    const { repository, fetcher, jobs } = this.#deps;
    try {
      // Checked here for a quick answer, and again by the job before it connects anywhere.
      await fetcher.checkedAddresses(parseImportUrl(sourceUrl));
    } catch (error) {
      if (error instanceof ScraperFailure) throw new AppError(error.code);
      throw error;
    }
    if ((await repository.countActive(userId)) >= MAX_ACTIVE_JOBS) throw new AppError('scraper_too_many_jobs');
    const job = await repository.create(userId, sourceUrl);
    await jobs.add('scraper:import', { jobId: job.id }, { jobKey: `scraper:${job.uid}`, maxAttempts: 3 });
    return view(job);
  }

  /** Cancels an import that has not finished, or removes a finished one from the list. */
  async cancel(userId: number, jobUid: string): Promise<void> {
    const { repository } = this.#deps;
    const job = await repository.findOwned(userId, jobUid);
    if (!job) throw new AppError('not_found');
    if (!(await repository.cancel(job.id))) await repository.remove(job.id);
  }

  /** Job `scraper:import`: at-least-once; a failure of the source ends the job as failed, anything else is retried. */
  async runImport(jobId: number): Promise<void> {
    const { repository, log } = this.#deps;
    if (!(await repository.start(jobId))) return;
    const job = await repository.find(jobId);
    if (!job) return;
    await this.#announce(job, 'started');
    await mkdir(this.#deps.scratchDir, { recursive: true });
    const folder = await mkdtemp(join(this.#deps.scratchDir, 'import-'));
    // The owner may cancel from another process (the app node): the worker learns it from the row.
    const canceled = new AbortController();
    const watch = setInterval(() => {
      repository.isCanceled(jobId).then(
        (yes) => yes && canceled.abort(),
        () => undefined,
      );
    }, CANCEL_CHECK_MS);
    try {
      const outcome = await this.#import(job, folder, canceled.signal);
      if (await repository.finish(jobId, { state: 'done', ...outcome })) await this.#announce(job, 'done', outcome.postId);
      else log.info({ jobId }, 'import canceled while running');
    } catch (error) {
      if (!(error instanceof ScraperFailure || error instanceof IngestRefused)) throw error;
      log.info({ jobId, code: error.code, detail: error.detail }, 'import failed');
      // A canceled job stays canceled: finish leaves it, and its owner is not told it failed.
      if (await repository.finish(jobId, { state: 'failed', error: error.code })) await this.#announce(job, 'failed');
    } finally {
      clearInterval(watch);
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** The owner's open tabs follow the import live (spec §7 `scraperJob` updates); a lost update is only logged. */
  async #announce(job: ScraperJob, state: ScraperJob['state'], postId?: number): Promise<void> {
    const update = { id: job.id, uid: job.uid, state, ...(postId === undefined ? {} : { postId }) };
    await this.#deps.events
      ?.publish({ type: 'scraperJob', userId: job.userId, job: update })
      .catch((error: unknown) => this.#deps.log.warn({ err: error, jobId: job.id }, 'scraperJob update not published'));
  }

  async #import(
    job: ScraperJob,
    folder: string,
    canceled: AbortSignal,
  ): Promise<{ postId: number; mediaId: number; bytes: number }> {
    const signal = AbortSignal.any([AbortSignal.timeout(this.#deps.timeoutMs), canceled]);
    const first = await this.#download(parseImportUrl(job.sourceUrl), join(folder, 'source'), signal, true);
    let file = first;
    if (!storedTypeOf(first.sniffed)) {
      if (first.sniffed.kind !== 'rejected' || !['html', 'xml'].includes(first.sniffed.detected)) {
        throw new ScraperFailure(
          'not_video_or_image',
          `the address holds ${first.sniffed.kind === 'rejected' ? first.sniffed.detected : ''}`,
        );
      }
      if (first.bytes > MAX_PAGE_BYTES) throw new ScraperFailure('scraper_no_media', 'page too large to read');
      const mediaUrl = findMediaUrl(await readFile(first.path, 'utf8'), first.url);
      if (!mediaUrl) throw new ScraperFailure('scraper_no_media', 'no og:video, og:image or <video> on the page');
      const checked = parseImportUrl(mediaUrl.href);
      await this.#deps.repository.setMediaUrl(job.id, checked.href);
      file = await this.#download(checked, join(folder, 'media'), signal);
    }
    if (!storedTypeOf(file.sniffed)) throw new ScraperFailure('not_video_or_image', 'the media address holds no video or image');
    if (await this.#deps.repository.isCanceled(job.id)) throw new ScraperFailure('scraper_fetch_failed', 'canceled');
    const post = await this.#deps.ingest.ingest({ userId: job.userId, path: file.path, scraperJobUid: job.uid });
    return { ...post, bytes: file.bytes };
  }

  /** Downloads into path; a response declared as a web page (when pages are expected) is cut at MAX_PAGE_BYTES. */
  async #download(url: URL, path: string, signal: AbortSignal, mayBePage = false) {
    const { fetcher } = this.#deps;
    const response = await fetcher.get(url, signal);
    const page = mayBePage && /html|xml/.test(response.contentType);
    const maxBytes = page ? Math.min(MAX_PAGE_BYTES, this.#deps.maxBytes) : this.#deps.maxBytes;
    const tooLarge = (detail: string) => new ScraperFailure(page ? 'scraper_no_media' : 'scraper_too_large', detail);
    if (response.contentLength !== undefined && response.contentLength > maxBytes) {
      response.body.destroy();
      throw tooLarge(`declares ${response.contentLength} bytes`);
    }
    const counted = { bytes: 0 };
    try {
      await pipeline(response.body, byteLimit(maxBytes, counted), createWriteStream(path, { flags: 'wx' }), { signal });
    } catch (error) {
      if (error instanceof ScraperFailure) throw error.code === 'scraper_too_large' ? tooLarge(error.detail) : error;
      if (signal.aborted) {
        const timedOut = (signal.reason as Error | undefined)?.name === 'TimeoutError';
        throw new ScraperFailure('scraper_timed_out', timedOut ? 'the import took too long' : 'canceled by its owner');
      }
      throw new ScraperFailure('scraper_fetch_failed', `download broke off: ${(error as Error).message}`);
    }
    return { url: response.url, path, bytes: counted.bytes, sniffed: await sniffFile(path) };
  }
}
