import { afterAll, describe, expect, test } from 'vitest';
import { nextAddress } from '../accounts/test-support.ts';
import { matrixWorld } from '../test/matrix-world.ts';
import { type TestResponse, testApp } from '../test/test-app.ts';
import { authorisationMatrix, CALLERS, type Caller, type MatrixRow } from './authorisation-matrix.ts';
import { routeKeys } from './route-list.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000', LOGIN_RATE_LIMIT: '1000000' } });
afterAll(() => t.close());

const visitorToken: string = (await t.post('/api/anonymous-login', {})).body.accessToken;
/** A fresh world per row, so no row sees another's changes. */
const fixtureForRow = () => matrixWorld(t, visitorToken);

/** What an answer amounts to, in the matrix's terms (see Outcome). */
function outcomeOf(response: TestResponse): string {
  const body = response.body;
  if (typeof body?.statusCode === 'number') {
    if (typeof body.error === 'string') return body.error;
    return body.statusCode > 0 && response.status < 400 ? 'ok' : `http_${response.status}/statusCode_${body.statusCode}`;
  }
  return response.status < 400 ? 'ok' : `http_${response.status}`;
}

/** A row whose request is not an address of its own route would test the wrong thing. */
function matchesPattern(url: string, pattern: string): boolean {
  const path = url.split('?')[0] ?? url;
  const source = pattern
    .split(/(:[\w]+|\*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`).test(path);
}

async function walk(row: MatrixRow): Promise<Record<Caller, string>> {
  const { fixture, headers } = await fixtureForRow();
  const [method = '', pattern] = row.route.split(' ');
  const seen = {} as Record<Caller, string>;
  for (const caller of CALLERS) {
    const { url, body, headers: extra } = row.request(fixture);
    const response = await t.request({
      method: method as 'GET',
      url,
      remoteAddress: nextAddress(),
      headers: { ...headers[caller], ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    if (!matchesPattern(url, pattern ?? '')) throw new Error(`${row.route}: its request ${url} does not fit the pattern`);
    seen[caller] = outcomeOf(response);
  }
  return seen;
}

describe('authorisation matrix', () => {
  test('every registered route has exactly one row, and every row names a registered route', () => {
    const registered = routeKeys(t.app.registeredRoutes);
    const rows = authorisationMatrix.map((row) => row.route);
    const missing = registered.filter((route) => !rows.includes(route));
    const stale = rows.filter((route) => !registered.includes(route));
    const twice = rows.filter((route, index) => rows.indexOf(route) !== index);
    expect(
      { missing, stale, twice },
      'Routes without a row need one in server/src/http/authorisation-matrix.ts (who may call them, and what everyone else gets); stale or doubled rows must go',
    ).toEqual({ missing: [], stale: [], twice: [] });
  });

  test.each(authorisationMatrix.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    const seen = await walk(row);
    const wrong = CALLERS.filter((caller) => seen[caller] !== row.expect[caller]).map(
      (caller) => `${caller}: expected ${row.expect[caller]}, got ${seen[caller]}`,
    );
    expect(wrong, `${row.route}`).toEqual([]);
  });
});
