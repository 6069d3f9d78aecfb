/**
 * The service worker, built to /sw.js by web/scripts/pwa-plugin.ts, which puts the build's file list in
 * front of it as `self.__BUILD_MANIFEST__`.
 *
 * Hand-written rather than Workbox (vite-plugin-pwa, Serwist): React Router renders pages on the server,
 * so there is no index.html for those plugins to work from, and what is needed fits in this file: store
 * the build at install, serve hashed files from the cache, pages from the network with a stored copy or
 * the offline page as fallback, and wait for the visitor before a new version takes over.
 */
import { type BuildManifest, immutableKey, isStorablePage, STORED_PAGES, strategyFor } from './cache-rules';

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}

interface ServiceWorkerScope {
  readonly __BUILD_MANIFEST__: BuildManifest;
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window' }): Promise<ReadonlyArray<{ readonly url: string }>>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

declare const self: ServiceWorkerScope;

const manifest = self.__BUILD_MANIFEST__;
const buildCache = `velvet-build-${manifest.version}`;
// Pages point at this build's files, so they go with it.
const pageCache = `velvet-pages-${manifest.version}`;
const buildFiles = new Set(manifest.files);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(buildCache).then((cache) =>
      // Unhashed files (the offline page, icons) may sit in the HTTP cache from the previous build.
      cache.addAll(
        manifest.files.map((file) => new Request(file, { cache: file.startsWith('/assets/') ? 'default' : 'no-cache' })),
      ),
    ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const firstVersion = !names.some((name) => name.startsWith('velvet-build-') && name !== buildCache);
      await Promise.all(names.filter((name) => name !== buildCache && name !== pageCache).map((name) => caches.delete(name)));
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
      // Pages open before the first version took control were loaded without it: keep them for offline use.
      if (firstVersion) {
        const windows = await self.clients.matchAll({ type: 'window' });
        await Promise.all(
          windows.map((client) =>
            fetch(client.url).then(
              (response) => storePage(client.url, response),
              () => {},
            ),
          ),
        );
      }
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'skip-waiting') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, self.location.origin, buildFiles);
  if (strategy === 'page') event.respondWith(page(event));
  else if (strategy === 'build-file') event.respondWith(buildFile(event.request));
});

async function storePage(url: string, response: Response): Promise<void> {
  if (!isStorablePage(response)) return;
  const cache = await caches.open(pageCache);
  await cache.put(url, response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, -STORED_PAGES).map((key) => cache.delete(key)));
}

async function page(event: FetchEvent): Promise<Response> {
  try {
    const response = (await event.preloadResponse) ?? (await fetch(event.request));
    event.waitUntil(storePage(event.request.url, response.clone()));
    return response;
  } catch {
    const stored = await caches.match(event.request.url, { cacheName: pageCache });
    return stored ?? (await caches.match(manifest.offlinePage, { cacheName: buildCache })) ?? Response.error();
  }
}

async function buildFile(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const key = immutableKey(url) ?? url.pathname;
  const cached = await caches.match(key, { cacheName: buildCache });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && immutableKey(url)) {
    const copy = response.clone();
    await caches.open(buildCache).then((cache) => cache.put(key, copy));
  }
  return response;
}
