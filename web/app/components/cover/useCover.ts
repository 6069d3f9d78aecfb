import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { CoverView } from '../../../../server/src/media/cover/cover-schema.ts';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { useAccount } from '../account/AccountSession';
import { chooseFrame, choosePicture, readCover } from './cover-api';
import { coverMessageKey } from './cover-messages';

/** How often the tab reads the state again while a cover is being made (the job takes a second or two). */
const POLL_MS = 1000;
const DONE_MS = 4000;
const FAILED_MS = 8000;

/**
 * The cover tab's state: the server's view, a request being sent, and the job followed until it ends,
 * announced by a toast. A request found pending when the page opens is followed too.
 */
export function useCover(initial: CoverView) {
  const { t } = useTranslation();
  const { showStatus } = useAccount();
  const { revalidate } = useRevalidator();
  const [cover, setCover] = useState(initial);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const followed = useRef(initial.request?.status === 'pending' ? initial.request.id : undefined);
  const pending = cover.request?.status === 'pending';

  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => {
      readCover(cover.postId).then(setCover, () => undefined);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [pending, cover.postId]);

  useEffect(() => {
    const request = cover.request;
    if (!request || request.id !== followed.current || request.status === 'pending') return;
    followed.current = undefined;
    if (request.status === 'done') {
      showStatus(t('cover.done'), 'success', DONE_MS);
      // The editor's header shows the post's thumbnail: read it again.
      void revalidate();
    } else showStatus(t(coverMessageKey(request.error)), 'error', FAILED_MS);
  }, [cover.request, showStatus, t, revalidate]);

  const send = useCallback(async (request: () => Promise<CoverView>) => {
    setSending(true);
    setRefusal(undefined);
    try {
      const next = await request();
      followed.current = next.request?.id;
      setCover(next);
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.code : 'generic');
    } finally {
      setSending(false);
    }
  }, []);

  return {
    cover,
    /** True from the click until the new cover is served (or the job failed). */
    working: sending || pending,
    /** The code of the last refused request, shown beside the controls. */
    refusal,
    chooseFrame: (timeMs: number) => send(() => chooseFrame(cover.postId, timeMs)),
    choosePicture: (file: File) => send(() => choosePicture(cover.postId, file)),
  };
}
