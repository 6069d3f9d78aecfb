/**
 * What the service worker does with each request. Only files of the build and anonymous pages are
 * ever stored; live data (/api/, uploads, the websocket), media and everything else go to the network
 * as if there were no worker.
 */
export type Strategy =
  /** Files of this build, stored at install: served from the cache. */
  | 'build-file'
  /** A page: the network first, the stored copy or the offline page when it fails. */
  | 'page'
  /** Not handled. */
  | 'network';

const NETWORK_ONLY_PREFIXES = ['/api/', '/media-api/', '/ws/'];

export interface RequestFacts {
  readonly url: string;
  readonly method: string;
  readonly mode: string;
}

/**
 * Where a file whose content never changes is kept in the build cache, or undefined: hashed names under
 * /assets/, and one version of a language's messages (`?v=`, web/app/i18n/README.md), which a stored page
 * needs offline to hydrate as it needed its inline messages before.
 */
export function immutableKey(url: URL): string | undefined {
  if (url.pathname.startsWith('/assets/')) return url.pathname;
  if (url.pathname.startsWith('/translations/client/') && url.searchParams.has('v')) return `${url.pathname}${url.search}`;
  return undefined;
}

export function strategyFor({ url, method, mode }: RequestFacts, origin: string, buildFiles: ReadonlySet<string>): Strategy {
  if (method !== 'GET') return 'network';
  const parsed = new URL(url);
  const { origin: requestOrigin, pathname } = parsed;
  if (requestOrigin !== origin) return 'network';
  if (pathname === '/api' || NETWORK_ONLY_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return 'network';
  if (mode === 'navigate') return 'page';
  // A file missing from the list is safe to keep too when its content never changes.
  if (buildFiles.has(pathname) || immutableKey(parsed)) return 'build-file';
  return 'network';
}

/**
 * Whether a page answer may be kept for offline use, by HTTP's own rules: the server marks signed-in
 * pages `private, no-store` (server/src/web/web.plugin.ts), and errors, redirects and non-HTML are
 * never kept.
 */
export function isStorablePage(response: Pick<Response, 'ok' | 'type' | 'headers'>): boolean {
  if (!response.ok || response.type !== 'basic') return false;
  if (!response.headers.get('content-type')?.startsWith('text/html')) return false;
  return !/\b(no-store|private)\b/i.test(response.headers.get('cache-control') ?? '');
}

/** Build files stored at install; `version` changes whenever any of them does. */
export interface BuildManifest {
  readonly version: string;
  readonly files: readonly string[];
  readonly offlinePage: string;
}

/** How many visited pages are kept for offline use, oldest dropped first. */
export const STORED_PAGES = 40;
