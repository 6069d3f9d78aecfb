import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Each chunk a socket reads is a fresh buffer outside the JavaScript heap, and V8 collects such buffers only
 * once about 64 MB of them have piled up: measured here, a bare HTTP server piping 1 GB to disk grows by
 * 60 MB. A young-generation collection every few megabytes of upload frees them while they are still young:
 * 20 MB of growth, for about 40 ms of collection per gigabyte. `gc` is reached through a context of its own,
 * so the app's global scope does not get it.
 */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as (options: { type: 'minor' }) => void;

/** How many received bytes pass between two collections. */
export const COLLECT_EVERY_BYTES = 8 * 1024 * 1024;

export function collectYoungGarbage(): void {
  collect({ type: 'minor' });
}
