import { DEMO_LOGIN } from '../../server/src/seed/demo-data.ts';

/** One benchmarked request. Add an object here and it runs in the next `npm run bench`. */
export interface Entry {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Checked on one request before the load, besides status 200, so a wrong answer is not benchmarked. */
  readonly expect?: { readonly bodyIncludes: string };
  /**
   * A GET whose every request carries its own `t` (a millisecond earlier each time), so neither the response
   * cache nor the page cache answers it: what a list costs the database, what a page costs to render, not
   * what a cache hit costs. Its path has a query already.
   */
  readonly uncached?: boolean;
}

// Issue 23's public pages, as a visitor from a search engine opens them (the demo content's tag, creator and post).
const publicPages: readonly Entry[] = [
  { name: 'ssr-tag', method: 'GET', path: '/tag/nightlife', expect: { bodyIncludes: 'nightlife' } },
  { name: 'ssr-profile', method: 'GET', path: '/nightowl', expect: { bodyIncludes: 'nightowl' } },
  {
    name: 'ssr-post',
    method: 'GET',
    path: '/video?id=19&title=3-am-city-lights-from-my-window',
    expect: { bodyIncludes: '3 a.m. city lights from my window' },
  },
];

export const entries: readonly Entry[] = [
  // Anonymous, so after the first answer it is served from the 60 s response cache, as in production.
  { name: 'settings', method: 'GET', path: '/api/settings', expect: { bodyIncludes: '"statusCode":2' } },
  { name: 'ssr-home', method: 'GET', path: '/', expect: { bodyIncludes: '<html' } },
  ...publicPages,
  // The same pages rendered for every request: what the visitors' page cache (server/src/web/page-cache.ts) saves.
  ...publicPages.map((page) => ({
    ...page,
    name: `${page.name}-rendered`,
    path: page.path.includes('?') ? page.path : `${page.path}?via=bench`,
    uncached: true,
  })),
  // Password login of the demo account: one argon2id verification (m=19 MiB, t=2, p=1) and a refresh token per request.
  {
    name: 'login',
    method: 'POST',
    path: '/api/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_LOGIN.username, password: DEMO_LOGIN.password }),
    expect: { bodyIncludes: '"statusCode":2' },
  },
];
