import { lazy, Suspense, useEffect, useState } from 'react';
import { switchToWaitingWorker, useWaitingWorker } from './useServiceWorker';

// Both are rare (a new version; an iPhone or iPad visitor after minutes), so neither weighs on the first load.
const UpdateBanner = lazy(() => import('./UpdateBanner'));
const AddToHomeScreen = lazy(() => import('./AddToHomeScreen'));

/** Spec §9: the iOS add-to-home-screen prompt waits 300000 ms (5 minutes) on the site. */
const PROMPT_DELAY_MS = 300_000;

function useElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
}

/** The installable app's page side: the service worker, its update flag and the iOS prompt. */
export default function PwaSupport() {
  const waiting = useWaitingWorker();
  const [dismissed, setDismissed] = useState<ServiceWorker>();
  const promptTime = useElapsed(PROMPT_DELAY_MS);
  return (
    <>
      <div role="status">
        {waiting && waiting !== dismissed && (
          <Suspense>
            <UpdateBanner onReload={() => switchToWaitingWorker(waiting)} onDismiss={() => setDismissed(waiting)} />
          </Suspense>
        )}
      </div>
      {promptTime && navigator.maxTouchPoints > 0 && (
        <Suspense>
          <AddToHomeScreen />
        </Suspense>
      )}
    </>
  );
}
