import type { Task, TaskList } from 'graphile-worker';
import { deleteExpiredAccounts } from '../accounts/account-deletion.job.ts';
import { purgeExpiredTokens } from '../accounts/token-cleanup.job.ts';
import type { Db } from '../db/database.ts';
import { refreshPopularity } from '../posts/popularity.job.ts';

/** Everything a job handler may need, wired once in the container. */
export interface JobDeps {
  readonly db: Db;
}

/** Payload type of each job; a job type exists only if it is listed here and in `jobHandlers`. */
export interface JobPayloads {
  'accounts:purge-expired-tokens': Record<string, never>;
  'accounts:delete-expired': Record<string, never>;
  'posts:refresh-popularity': { readonly sinceDays?: number };
}

export type JobName = keyof JobPayloads;

type Handler<N extends JobName> = (deps: JobDeps, payload: JobPayloads[N]) => Promise<void>;

/** The one registry of background job types and their handlers. */
export const jobHandlers: { readonly [N in JobName]: Handler<N> } = {
  'accounts:purge-expired-tokens': (deps) => purgeExpiredTokens(deps.db),
  'accounts:delete-expired': async (deps) => {
    await deleteExpiredAccounts(deps.db);
  },
  'posts:refresh-popularity': (deps, payload) => refreshPopularity(deps.db, payload.sinceDays),
};

/** Recurring jobs, in graphile-worker's crontab format. */
export const crontab = [
  '7 * * * * accounts:purge-expired-tokens',
  '17 3 * * * accounts:delete-expired',
  '*/10 * * * * posts:refresh-popularity',
].join('\n');

export function buildTaskList(deps: JobDeps): TaskList {
  const list: TaskList = {};
  for (const name of Object.keys(jobHandlers) as JobName[]) {
    const handler = jobHandlers[name] as Handler<JobName>;
    const task: Task = async (payload) => handler(deps, (payload ?? {}) as JobPayloads[JobName]);
    list[name] = task;
  }
  return list;
}
