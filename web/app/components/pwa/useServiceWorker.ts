import { useEffect, useState } from 'react';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers /sw.js in production builds and returns a new version's worker once it has installed and
 * waits for this page to let it take over. Browsers look for a new worker on full page loads only, so a
 * page kept open checks every hour.
 */
export function useWaitingWorker(): ServiceWorker | undefined {
  const [waiting, setWaiting] = useState<ServiceWorker>();

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    // The first install has no controller to replace: nothing to announce.
    const announce = (registration: ServiceWorkerRegistration) => {
      if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
    };
    const register = async () => {
      try {
        const registration = await navigator.serviceWorker.register('/sw.js');
        announce(registration);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed') announce(registration);
          });
        });
        timer = setInterval(() => registration.update().catch(() => {}), UPDATE_CHECK_MS);
      } catch {
        // No worker (private mode, blocked storage): the site works as a plain web page.
      }
    };
    // Installing downloads the build: start it after the page has loaded, never competing with it.
    if (document.readyState === 'complete') void register();
    else window.addEventListener('load', register, { once: true });
    return () => {
      window.removeEventListener('load', register);
      clearInterval(timer);
    };
  }, []);

  return waiting;
}

/** Lets the waiting version take over, then reloads the page onto it. */
export function switchToWaitingWorker(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage({ type: 'skip-waiting' });
}
