import Type from 'typebox';
import { VIEW_WINDOW_MS, windowStart } from '../posts/engagement.service.ts';
import type { WatchLimits, WatchProgressRepository } from './watch-progress.repository.ts';

export const WATCH_LIMITS: WatchLimits = { minIntervalMs: 1000, viewStartGraceMs: 3000, playsPerView: 3 };

/** The longest stretch one report may claim (the player sends one every ~10 s of playing). */
export const MAX_REPORT_MS = 600_000;

/** A report: ms played since the previous one (loops included, seeks not), and whether the video reached its end meanwhile. */
export const WatchProgressBody = Type.Object(
  { watchedMs: Type.Integer({ minimum: 0, maximum: MAX_REPORT_MS }), completed: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export interface WatchProgress {
  readonly watchedMs: number;
  readonly completed?: boolean;
}

export interface RecordedProgress {
  /** False when nothing was added: no counted view of this post by this viewer lately, or a report too soon. */
  readonly counted: boolean;
  /** The view's watch time so far, in ms. */
  readonly watchedMs: number;
}

/**
 * The player's watch-progress reports (`watchProgress` over the websocket, `POST /api/post/progress/{id}`
 * otherwise). A report adds to the viewer's counted view of the post, so a viewer whose view did not count
 * (address-range cap) adds no watch time either, and no report adds more than the real time since the last.
 */
export class WatchProgressService {
  private readonly repository: WatchProgressRepository;
  private readonly now: () => number;

  constructor(repository: WatchProgressRepository, now: () => number = Date.now) {
    this.repository = repository;
    this.now = now;
  }

  async report(postId: number, viewerKey: string, progress: WatchProgress): Promise<RecordedProgress> {
    const now = this.now();
    const added = await this.repository.add(
      {
        postId,
        viewerKey,
        watchedMs: Math.min(Math.max(0, Math.floor(progress.watchedMs)), MAX_REPORT_MS),
        completed: progress.completed === true,
        at: new Date(now),
        earliestWindow: windowStart(now - VIEW_WINDOW_MS, VIEW_WINDOW_MS),
      },
      WATCH_LIMITS,
    );
    return added ? { counted: true, watchedMs: added.watchedMs } : { counted: false, watchedMs: 0 };
  }
}
