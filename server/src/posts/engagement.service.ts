import { UNKNOWN_SOURCE, type ViewSource } from '../analytics/view-source.ts';
import { AppError } from '../http/errors.ts';
import type { CountedShare, CountedView, CountersRepository } from './counters.repository.ts';
import type { TagPreferencesRepository } from './tag-preferences.repository.ts';
import type { CountingViewer } from './viewer.ts';

/**
 * A viewer's views of a post count once per window (6 h), shares once per day whatever the platform; and
 * only so many viewers of one address range count per post and window (COUNTED_*_PER_NETWORK).
 */
export const VIEW_WINDOW_MS = 6 * 3600_000;
export const SHARE_WINDOW_MS = 24 * 3600_000;

/** Where a post can be shared to (the share sheet's targets); anything else is refused. */
export const SHARE_PLATFORMS = [
  'link',
  'embed',
  'native',
  'email',
  'twitter',
  'facebook',
  'reddit',
  'telegram',
  'whatsapp',
  'tumblr',
  'bluesky',
] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];

export function windowStart(at: number, windowMs: number): Date {
  return new Date(Math.floor(at / windowMs) * windowMs);
}

/**
 * What a viewer does with a post besides liking it: watching and sharing. The websocket's `viewedPost`
 * and `sharePost` call these same methods; the HTTP routes in engagement.routes.ts are the fallback.
 * A completed view, a share and a like are the "saves" of spec §4's tag preference score.
 */
export class EngagementService {
  private readonly counters: CountersRepository;
  private readonly preferences: TagPreferencesRepository;
  private readonly now: () => number;

  constructor(counters: CountersRepository, preferences: TagPreferencesRepository, now: () => number = Date.now) {
    this.counters = counters;
    this.preferences = preferences;
    this.now = now;
  }

  /** `source`: where the view comes from, kept with its analytics event (analytics/view-source.ts). */
  async recordView(
    postId: number,
    viewer: CountingViewer,
    options: { completed?: boolean; source?: ViewSource } = {},
  ): Promise<CountedView> {
    const completed = options.completed === true;
    const now = this.now();
    const source = options.source ?? UNKNOWN_SOURCE;
    const result = await this.counters.recordView(
      postId,
      viewer,
      new Date(now),
      windowStart(now, VIEW_WINDOW_MS),
      completed,
      source,
    );
    if (!result) throw new AppError('not_found');
    if (completed) await this.savePreference(viewer.key, postId);
    return result;
  }

  async recordShare(postId: number, viewer: CountingViewer, platform: SharePlatform = 'link'): Promise<CountedShare> {
    const result = await this.counters.recordShare(postId, viewer, platform, windowStart(this.now(), SHARE_WINDOW_MS));
    if (!result) throw new AppError('not_found');
    if (result.counted) await this.savePreference(viewer.key, postId);
    return result;
  }

  /** Spec §4 "+3 on save": the post's tags gain, the viewer's other tags decay. */
  async savePreference(viewerKey: string, postId: number): Promise<void> {
    await this.preferences.save(viewerKey, await this.preferences.tagsOfPost(postId));
  }
}
