/** The studio's fixed rules, free of schema code so the web app's composer can share them cheaply. */

/** A schedule leaves a little time, so the owner can still change their mind and the job is not late on arrival. */
export const SCHEDULE_MIN_LEAD_MS = 60_000;
export const SCHEDULE_MAX_DAYS = 30;

/** What the studio calls a post's state: the post statuses of posts/post-status.ts as a creator sees them. */
export const studioStates = ['draft', 'scheduled', 'processing', 'review', 'failed', 'private', 'published', 'blocked'] as const;
export type StudioState = (typeof studioStates)[number];
