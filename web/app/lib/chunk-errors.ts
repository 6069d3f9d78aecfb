/** Spec §8: a failed chunk load reloads the page, at most once per 60 s. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

export function shouldReloadAfterChunkError(lastReloadAt: number | undefined, now: number): boolean {
  return lastReloadAt === undefined || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}

/** Messages browsers give when a dynamically imported module cannot be fetched (Chromium, Safari, Firefox). */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    message,
  );
}
