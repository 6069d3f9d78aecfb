import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { nextAddress } from '../accounts/test-support.ts';
import { authAs, createPost, createUser } from '../test/fixtures.ts';
import {
  bodyFor,
  encodeForUrl,
  fuzzParameters,
  hostileHeaders,
  hostileSegment,
  pollutedKeys,
  queryFor,
  valueFor,
} from '../test/hostile-input.ts';
import { type TestResponse, testApp } from '../test/test-app.ts';
import { type RegisteredRoute, routeKeys } from './route-list.ts';

/**
 * Every registered route, fed input derived from its own schemas (params, querystring, body) but filled with
 * hostile content, as an anonymous caller and as a logged-in user: no answer may be a server error, carry
 * a stack trace, or (under /api, /media-api, /simicheck) leave the {statusCode, ...} envelope.
 * CI runs a few cases per route with a fixed seed; `npm run fuzz` runs many with a random one.
 */

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000', LOGIN_RATE_LIMIT: '1000000' } });
const { db } = t.container.database;
afterAll(() => t.close());

const user = await createUser(db);
await createPost(db, user.id, { tags: ['fuzz'] });
const callers = { anonymous: {}, user: await authAs(t, user.id) };
const { seed, numRuns, timeout } = fuzzParameters(6);

type Schemas = { params?: { properties?: Record<string, object> }; querystring?: object; body?: object };

interface FuzzRequest {
  readonly url: string;
  readonly body: { payload: string; contentType: string | undefined } | undefined;
  readonly headers: Record<string, string>;
}

/** A path for the route's pattern: each `:param` from its schema (or hostile), `*` a hostile sub-path. */
function pathFor(pattern: string, schemas: Schemas): fc.Arbitrary<string> {
  const pieces = pattern.split(/(:\w+|\*)/).map((piece) => {
    if (piece === '*') return fc.array(hostileSegment, { minLength: 1, maxLength: 4 }).map((segments) => segments.join('/'));
    if (!piece.startsWith(':')) return fc.constant(piece);
    const declared = schemas.params?.properties?.[piece.slice(1)];
    const fromSchema = valueFor(declared).map((value) =>
      encodeForUrl(typeof value === 'string' ? value : (JSON.stringify(value) ?? '')),
    );
    return fc.oneof(fromSchema, hostileSegment);
  });
  return fc.tuple(...pieces).map((parts) => parts.join(''));
}

function requestFor(route: RegisteredRoute): fc.Arbitrary<FuzzRequest> {
  const schemas = (route.schema ?? {}) as Schemas;
  const hasBody = !['GET', 'HEAD'].includes(route.method);
  return fc.record({
    url: fc
      .tuple(pathFor(route.url, schemas), queryFor(schemas.querystring))
      .map(([path, query]) => (query ? `${path}?${query}` : path)),
    body: hasBody ? fc.option(bodyFor(schemas.body), { nil: undefined, freq: 6 }) : fc.constant(undefined),
    headers: fc.option(hostileHeaders, { nil: {}, freq: 2 }),
  });
}

const STACK_TRACE = /\n\s+at .+[:(]\d+|node:internal|\.ts:\d+:\d+|\bError: .+\n/;
const ENVELOPED = /^\/(api|media-api|simicheck)(\/|$|\?)/;

/** What is wrong with an answer, or undefined. */
function problemWith(route: RegisteredRoute, url: string, response: TestResponse): string | undefined {
  const unavailable = response.status === 503 && route.url === '/readyz';
  if (response.status >= 500 && !unavailable) return `HTTP ${response.status}: ${response.text.slice(0, 300)}`;
  if (STACK_TRACE.test(response.text)) return `a stack trace in the body: ${response.text.slice(0, 300)}`;
  if (ENVELOPED.test(url) && typeof response.body?.statusCode !== 'number') {
    return `no {statusCode} envelope (HTTP ${response.status}): ${response.text.slice(0, 300)}`;
  }
  if (pollutedKeys().length) return `Object.prototype was polluted with ${pollutedKeys().join(', ')}`;
  return undefined;
}

const routes = (() => {
  const keys = new Set(routeKeys(t.app.registeredRoutes));
  return t.app.registeredRoutes.filter((route) => keys.delete(`${route.method} ${route.url}`));
})();

describe('every route survives hostile input', () => {
  test.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (request) => {
          for (const [caller, auth] of Object.entries(callers)) {
            const response = await t.request({
              method: route.method as 'GET',
              url: request.url,
              remoteAddress: nextAddress(),
              headers: {
                ...request.headers,
                ...auth,
                ...(request.body?.contentType ? { 'content-type': request.body.contentType } : {}),
              },
              ...(request.body ? { payload: request.body.payload } : {}),
            });
            const problem = problemWith(route, request.url, response);
            if (problem) throw new Error(`${route.method} ${request.url} as ${caller}: ${problem}`);
          }
        }),
        { seed, numRuns, endOnFailure: true },
      );
      expect(pollutedKeys()).toEqual([]);
    },
    timeout,
  );
});
