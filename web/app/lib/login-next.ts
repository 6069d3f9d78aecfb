import { redirect } from 'react-router';

/** Search parameters React Router adds to its data requests; never part of a page's address. */
const DATA_PARAMS = ['_routes', 'index'];

/**
 * The page address a request stands for. A client-side navigation runs the loaders through a data request
 * (`/notifications.data`, `/_root.data` for `/`, `/x/_.data` for `/x/`), whose address is no page: sending
 * someone back to it after login would land on a 404.
 */
export function pageAddress(url: URL): string {
  let path = url.pathname;
  if (path === '/_root.data') path = '/';
  else if (path.endsWith('/_.data')) path = path.slice(0, -'_.data'.length);
  else if (path.endsWith('.data')) path = path.slice(0, -'.data'.length);
  const search = new URLSearchParams(url.search);
  for (const name of DATA_PARAMS) search.delete(name);
  const query = search.toString();
  return `${path || '/'}${query ? `?${query}` : ''}`;
}

/** Spec §6 authonly: the redirect to /login with the page (never its data address) as `next`. */
export function loginRedirect(request: Request): never {
  throw redirect(`/login?next=${encodeURIComponent(pageAddress(new URL(request.url)))}`);
}
