import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { clientEvents } from '../realtime/client-messages.ts';
import { testApp } from '../test/test-app.ts';
import { routeKeys } from './route-list.ts';
import { API_PREFIXES, apiScreens, type ScreenUse, socketScreens } from './screen-map.ts';

/**
 * Acceptance of issue 19: every call of the API and every websocket message of spec §7 is used by a
 * screen, or the map (screen-map.ts) says why not. The screen's own source, or a module it imports
 * (directly or further down), must hold the call.
 */
const t = await testApp();
afterAll(() => t.close());

const webApp = fileURLToPath(new URL('../../../web/app/', import.meta.url));
const routeTable = readFileSync(join(webApp, 'routes.ts'), 'utf8');
const sources = new Map<string, string>();
const read = (file: string) => {
  let text = sources.get(file);
  if (text === undefined) {
    text = readFileSync(join(webApp, file), 'utf8');
    sources.set(file, text);
  }
  return text;
};

/** The web module a relative import names (`./x` → `x.tsx`, `x.ts` or `x/index.ts`), relative to web/app. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(join(webApp, from)), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return relative(webApp, candidate);
  }
  return undefined;
}

/** The web modules one module imports by relative path, lazy ones included. */
function importsOf(file: string): string[] {
  return [...read(file).matchAll(/(?:from\s+|import\(\s*)'(\.{1,2}\/[^']+)'/g)].flatMap((match) => {
    const target = resolveImport(file, match[1] as string);
    return target && !target.includes('.test.') ? [target] : [];
  });
}

/** Every web module the screen reaches through relative imports, lazy ones included, the screen too. */
function reachableFrom(screen: string): Set<string> {
  const seen = new Set<string>();
  const pending = [screen];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...importsOf(file));
  }
  return seen;
}

/**
 * Whether the source sends the method: it names it, or it calls through a helper it imports whose
 * parameter defaults to it (the console's useAdminAction `run`, which POSTs unless told otherwise).
 */
function sendsMethod(source: string, method: string): boolean {
  if (read(source).includes(`'${method}'`)) return true;
  const asDefault = new RegExp(`=\\s*'${method}'`);
  return importsOf(source).some((helper) => asDefault.test(read(helper)));
}

/** A route pattern as it appears in source: each `:param` is any segment (a template expression too). */
function patternInSource(url: string): RegExp {
  const body = url
    .split(/(:\w+)/)
    .map((part) => (part.startsWith(':') ? '[^/\'"`?]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`${body}(?=['"\`?$])`);
}

/** What is wrong with one entry, or undefined when the screen reaches the call. */
function problemOf(use: ScreenUse, reference: RegExp, method?: string): string | undefined {
  if ('reason' in use) return use.reason.trim().length < 30 ? 'reason too short to tell anything' : undefined;
  if (!existsSync(join(webApp, use.screen))) return `screen ${use.screen} does not exist`;
  if (use.screen !== 'root.tsx' && !routeTable.includes(`'${use.screen}'`)) return `${use.screen} is not in routes.ts`;
  const source = use.source ?? use.screen;
  if (!existsSync(join(webApp, source))) return `source ${source} does not exist`;
  if (!reachableFrom(use.screen).has(source)) return `${use.screen} does not import ${source}`;
  const text = read(source);
  const literal = use.reference === undefined ? reference : new RegExp(use.reference.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (!literal.test(text)) return `${source} does not mention ${literal.source}`;
  if (method && method !== 'GET' && !sendsMethod(source, method)) return `${source} never sends ${method}`;
  return undefined;
}

describe('every spec call is used by a screen (screen-map.ts)', () => {
  const registered = routeKeys(t.app.registeredRoutes).filter((key) =>
    API_PREFIXES.some((prefix) => key.slice(key.indexOf(' ') + 1).startsWith(prefix)),
  );

  test('the map names exactly the registered API routes', () => {
    expect(registered.length).toBeGreaterThan(80);
    expect(
      registered.filter((key) => !(key in apiScreens)),
      'routes without an entry',
    ).toEqual([]);
    expect(
      Object.keys(apiScreens).filter((key) => !registered.includes(key)),
      'entries of routes that are gone',
    ).toEqual([]);
  });

  test('the map names exactly the websocket messages a browser sends', () => {
    expect(Object.keys(socketScreens).sort()).toEqual(Object.keys(clientEvents).sort());
  });

  test('each route is called by the screen it names, or has a reason', () => {
    const problems = Object.entries(apiScreens).flatMap(([key, use]) => {
      const [method, url] = key.split(' ') as [string, string];
      const problem = problemOf(use, patternInSource(url), method);
      return problem ? [`${key}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  test('each message is sent by the screen it names', () => {
    const problems = Object.entries(socketScreens).flatMap(([event, use]) => {
      const problem = 'reason' in use ? 'every message needs a screen' : problemOf(use, new RegExp(`['"\`]${event}['"\`]`));
      return problem ? [`${event}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });
});
