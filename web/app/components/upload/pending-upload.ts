/**
 * Files chosen from the side menu or the top bar, held in memory while the app moves to /new-post (spec §4:
 * "choose files, ... store pending, go to new-post"). File objects cannot travel in the address or in
 * storage, and the composer route module is loaded only after the choice, so a tiny module keeps them.
 */
let pending: File[] = [];

export function storePendingFiles(files: Iterable<File>): void {
  pending = [...files];
}

/** Hands the files over once: a later visit to /new-post starts empty. */
export function takePendingFiles(): File[] {
  const files = pending;
  pending = [];
  return files;
}

/** Spec §2: the new-post route gets `mobile` when the window is at most 945 px wide. */
export const MOBILE_MAX_WIDTH = 945;

export function newPostPath(windowWidth: number): string {
  return windowWidth <= MOBILE_MAX_WIDTH ? '/new-post?mobile=1' : '/new-post';
}
