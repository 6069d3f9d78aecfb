import { PostStatus } from './post-status.ts';

/** What the progress formula reads of a post job (post_jobs.state). */
export interface ProgressJob {
  readonly state: string;
}

/**
 * Spec §4: (started + 3·done) / (3·total) percent, rounded down; 0 while every job is new or there are none.
 * Pure, so the worker (live `media` events) and the web app (post tiles) compute the same number.
 */
export function jobsProgress(jobs: readonly ProgressJob[]): number {
  const total = jobs.length;
  if (total === 0) return 0;
  const started = jobs.filter((job) => job.state === 'started').length;
  const done = jobs.filter((job) => job.state === 'done').length;
  return Math.floor(((started + 3 * done) / (3 * total)) * 100);
}

/**
 * Spec §4 post processing progress: status 2 gives the jobs' progress; statuses 1, 4 and 5 give 0;
 * anything else none (undefined).
 */
export function processingProgress(post: { readonly status: number; readonly jobs: readonly ProgressJob[] }): number | undefined {
  if (post.status === PostStatus.created || post.status === PostStatus.queued || post.status === PostStatus.checking) return 0;
  if (post.status !== PostStatus.processing) return undefined;
  return jobsProgress(post.jobs);
}
