import { AppError } from '../http/errors.ts';

/**
 * Failed logins per account name, on top of the per-IP route limit, so a botnet spreading guesses over
 * many addresses still gets few tries per account. In memory: each app node counts on its own, which
 * bounds guesses per node and keeps a database write off the login path.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly max: number;
  private readonly windowMs: number;

  constructor(max = 10, windowMs = 15 * 60_000) {
    this.max = max;
    this.windowMs = windowMs;
  }

  /** Throws rate_limited (with Retry-After) while the account has used up its failures. */
  check(account: string): void {
    const recent = this.recent(account);
    if (recent.length < this.max) return;
    const retryAfter = Math.max(1, Math.ceil(((recent[0] ?? Date.now()) + this.windowMs - Date.now()) / 1000));
    throw new AppError('rate_limited', { headers: { 'retry-after': String(retryAfter) } });
  }

  fail(account: string): void {
    const recent = this.recent(account);
    recent.push(Date.now());
    this.failures.set(account, recent);
    if (this.failures.size > 100_000) this.failures.delete(this.failures.keys().next().value as string);
  }

  succeed(account: string): void {
    this.failures.delete(account);
  }

  private recent(account: string): number[] {
    const since = Date.now() - this.windowMs;
    return (this.failures.get(account) ?? []).filter((time) => time > since);
  }
}
