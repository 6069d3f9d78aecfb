import { expect, type Page } from '@playwright/test';

/**
 * Waits until React has hydrated the page (the root marks <html data-hydrated>) and the work that follows
 * hydration has loaded: the lazily loaded PWA layer registers the service worker on the load event, by
 * when the other after-hydration modules (page-change listeners, the landing query) are there too; on a
 * context's later pages the registration already exists and the mark alone tells. A click that lands
 * before hydration does nothing, a value typed before it is lost, and a busy two-core machine can take
 * several seconds to get there. Polled from here, so a page under a fake clock is waited for all the same.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          async () =>
            document.documentElement.hasAttribute('data-hydrated') && Boolean(await navigator.serviceWorker.getRegistration()),
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** Opens a page past the age gate and waits until React has hydrated it; returns the document's answer. */
export async function openHydrated(page: Page, path: string) {
  const response = await page.goto(`${path}${path.includes('?') ? '&' : '?'}skip-entermodal`);
  await waitForHydration(page);
  return response;
}

/**
 * Opens a page and resolves once its socket has said who it is. Live events (a notification's toast) reach
 * only a connected socket; one sent before is shown by the badge and the lists, not as a toast.
 */
export async function openWithSocket(page: Page, path: string) {
  const connected = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"event":"connect"')) resolve();
      });
    });
  });
  await page.goto(path);
  await connected;
}
