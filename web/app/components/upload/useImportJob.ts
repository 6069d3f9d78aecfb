import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScraperJobUpdate } from '../../../../server/src/realtime/events.ts';
import type { ScraperJobView } from '../../../../server/src/scraper/scraper.service.ts';
import { ApiError, api } from '../../lib/api';
import { liveSocket } from '../../lib/socket-client';

/** The job is asked for again this often while it runs, in case a live event was missed (at most once delivery). */
const POLL_MS = 3000;

export type ImportState =
  | { readonly phase: 'loading' }
  | { readonly phase: 'missing' }
  | { readonly phase: 'job'; readonly job: ScraperJobView };

const running = (job: ScraperJobView) => job.state === 'new' || job.state === 'started';

/**
 * One URL import of the user's (spec §7 `/api/scraper`), followed live: the socket's `scraperJob` updates
 * move it on, and GET /api/scraper is asked again while it runs. `cancel` is DELETE {jobUid}.
 */
export function useImportJob(jobId: number) {
  const [state, setState] = useState<ImportState>({ phase: 'loading' });
  const current = useRef(state);
  current.current = state;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = async () => {
      clearTimeout(timer);
      try {
        const { jobs } = await api<{ jobs: ScraperJobView[] }>(`/api/scraper?id=${jobId}`);
        const job = jobs[0];
        if (stopped || !job) return;
        setState({ phase: 'job', job });
        if (running(job)) timer = setTimeout(refresh, POLL_MS);
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError && error.code === 'not_found') setState({ phase: 'missing' });
        else timer = setTimeout(refresh, POLL_MS);
      }
    };
    const stopListening = liveSocket()?.on('scraperJob', (data) => {
      const update = data as ScraperJobUpdate;
      const shown = current.current;
      if (update.id !== jobId || shown.phase !== 'job') return;
      const job = { ...shown.job, state: update.state as ScraperJobView['state'], postId: update.postId ?? shown.job.postId };
      setState({ phase: 'job', job });
      // The finished job carries its error code or media; the list has them.
      if (!running(job)) void refresh();
    });
    void refresh();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopListening?.();
    };
  }, [jobId]);

  const cancel = useCallback(async () => {
    const shown = current.current;
    if (shown.phase !== 'job') return;
    await api('/api/scraper', { method: 'DELETE', body: { jobUid: shown.job.uid } });
    setState({ phase: 'job', job: { ...shown.job, state: 'canceled' } });
  }, []);

  return { state, cancel };
}
