import type { JobDeps, JobRun } from '../../jobs/registry.ts';

/** Called outside graphile-worker (no attempt count), a run is its own last attempt. */
const SINGLE_RUN: JobRun = { attempts: 1, maxAttempts: 1 };

/** Job `media:process {postId}`: runs the post's processing plan (processing.service.ts). */
export async function processPost(deps: JobDeps, payload: { readonly postId: number }, run = SINGLE_RUN): Promise<void> {
  if (!deps.processing) throw new Error('job dependency processing is not wired');
  await deps.processing.process(payload.postId, run);
}
