import type { RecentError } from './moderation-schema.ts';

/** The newest server errors of this process, for the operations page; the oldest fall out. */
export class RecentErrors {
  private readonly entries: RecentError[] = [];
  private readonly size: number;

  constructor(size = 200) {
    this.size = size;
  }

  add(error: { requestId: string; route: string; message: string }, at = new Date()): void {
    this.entries.push({ at: at.toISOString(), ...error, message: error.message.slice(0, 500) });
    if (this.entries.length > this.size) this.entries.shift();
  }

  /** Newest first. */
  list(): RecentError[] {
    return [...this.entries].reverse();
  }
}
