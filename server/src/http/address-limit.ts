import { rateLimitKey } from './security.ts';

/**
 * A count per client address in fixed windows, held by this process (IPv6 by /64, keyed like the global
 * rate limit). For limits on one kind of effect that several routes share, such as minting visitor tokens
 * by page loads and by `POST /api/anonymous-login`. Memory: one entry per address seen in the window.
 */
export class AddressLimit {
  private readonly max: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly counts = new Map<string, number>();
  private window = 0;

  constructor(max: number, windowMs: number, now: () => number = Date.now) {
    this.max = max;
    this.windowMs = windowMs;
    this.now = now;
  }

  /** Counts one use by `ip`; false (and nothing counted) when its window's allowance is spent. */
  take(ip: string | undefined): boolean {
    const window = Math.floor(this.now() / this.windowMs);
    if (window !== this.window) {
      this.counts.clear();
      this.window = window;
    }
    const key = rateLimitKey({ ip: ip as string });
    const used = this.counts.get(key) ?? 0;
    if (used >= this.max) return false;
    this.counts.set(key, used + 1);
    return true;
  }
}
