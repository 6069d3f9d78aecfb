/**
 * Progress reports one socket may send: a burst of BURST, then one per INTERVAL_MS. The player sends one
 * every ~10 s of playing plus one per pause or hide, well inside this; a client beyond it is told so.
 */
const BURST = 5;
const INTERVAL_MS = 2000;

export class ReportRate {
  private tokens = BURST;
  private refilledAt: number;

  constructor(now = Date.now()) {
    this.refilledAt = now;
  }

  take(now = Date.now()): boolean {
    this.tokens = Math.min(BURST, this.tokens + (now - this.refilledAt) / INTERVAL_MS);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
