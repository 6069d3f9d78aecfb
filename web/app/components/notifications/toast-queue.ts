/** Spec §4/§9: toasts wait 2 s to gather, then at most the last 3 show, each for 6 s. */
export const TOAST_FLUSH_MS = 2000;
export const TOAST_MAX = 3;
export const TOAST_SHOW_MS = 6000;

/**
 * Gathers incoming items and hands the newest few to `show` once the flush delay has passed since the
 * first of them arrived. Items arriving while the tab is hidden are dropped at flush time: nobody would
 * see them, and the badge and the list already tell.
 */
export class ToastQueue<T> {
  private pending: T[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly show: (items: T[]) => void;
  private readonly isHidden: () => boolean;

  constructor(show: (items: T[]) => void, isHidden: () => boolean) {
    this.show = show;
    this.isHidden = isHidden;
  }

  push(item: T): void {
    this.pending.push(item);
    this.timer ??= setTimeout(() => this.flush(), TOAST_FLUSH_MS);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const items = this.pending.splice(0);
    if (items.length === 0 || this.isHidden()) return;
    this.show(items.slice(-TOAST_MAX));
  }

  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
  }
}
