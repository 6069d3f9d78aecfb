import { readdirSync, readFileSync } from 'node:fs';

/** The parent of each process, read from /proc (Linux). */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name in parentheses may hold spaces; the fields after it are fixed.
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
      parentOf.set(Number(entry), parent);
    } catch {
      // The process ended while we looked.
    }
  }
  return parentOf;
}

/** Every process below `pid` (children, their children...), not `pid` itself. */
export function descendantsOf(pid: number): number[] {
  const parentOf = parents();
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift() as number;
    for (const [child, parent] of parentOf) {
      if (parent === current) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/** Sends `signal` to each process, ignoring the ones that are already gone. */
export function signalAll(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone already.
    }
  }
}
