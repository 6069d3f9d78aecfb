import { useEffect, useRef, useState } from 'react';
import { type ComposerDraft, clearDraft, loadDraft, saveDraft } from './composer-draft';
import type { DetailsValue } from './PostDetails';
import type { ChosenMedia } from './useChosenMedia';

/** Keeping waits for a pause in typing, so a title is not written to storage per key press. */
const SAVE_AFTER_MS = 400;

interface DraftOptions {
  readonly userId: number | undefined;
  readonly items: readonly ChosenMedia[];
  readonly details: DetailsValue;
  /** True once the post is sent: nothing is left to keep. */
  readonly sent: boolean;
  /** Files handed over from the top bar or side menu take the place of a kept draft. */
  readonly hasHandedOverFiles: () => boolean;
  readonly restore: (draft: ComposerDraft) => void;
}

/**
 * The composed post survives its page: kept in IndexedDB while it is composed and brought back when the
 * same account opens /new-post again, as after a new login when the session ended (issue 19). `keepNow`
 * writes it at once, for a navigation that cannot wait.
 */
export function useComposerDraft({ userId, items, details, sent, hasHandedOverFiles, restore }: DraftOptions) {
  const [ready, setReady] = useState(false);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;
  const handedOver = useRef(hasHandedOverFiles);
  handedOver.current = hasHandedOverFiles;

  useEffect(() => {
    if (userId === undefined) return;
    let stopped = false;
    void (async () => {
      const draft = handedOver.current() ? undefined : await loadDraft(userId);
      if (stopped) return;
      if (draft) restoreRef.current(draft);
      setReady(true);
    })();
    return () => {
      stopped = true;
    };
  }, [userId]);

  const draft = (): ComposerDraft | undefined =>
    userId === undefined ? undefined : { userId, files: items.map(({ file, recorded }) => ({ file, recorded })), details };
  const latest = useRef(draft);
  latest.current = draft;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `details` is read through `latest`; a change of it must still start the wait
  useEffect(() => {
    if (!ready) return;
    if (sent || items.length === 0) {
      void clearDraft();
      return;
    }
    const timer = window.setTimeout(() => {
      const current = latest.current();
      if (current) void saveDraft(current);
    }, SAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [ready, sent, items, details]);

  return {
    keepNow: async () => {
      const current = latest.current();
      if (current && current.files.length > 0) await saveDraft(current);
    },
  };
}
