import { describe, expect, test } from 'vitest';
import { immutableKey, isStorablePage, strategyFor } from './cache-rules';

const origin = 'https://velvet.example';
const buildFiles = new Set(['/offline.html', '/manifest.webmanifest']);
const request = (path: string, mode = 'cors', method = 'GET') => ({ url: `${origin}${path}`, method, mode });

describe('what the service worker handles', () => {
  test('never live data, uploads, the websocket, media or other sites', () => {
    for (const path of ['/api/settings', '/api', '/media-api/upload', '/ws/']) {
      expect(strategyFor(request(path), origin, buildFiles), path).toBe('network');
      expect(strategyFor(request(path, 'navigate'), origin, buildFiles), path).toBe('network');
    }
    for (const path of ['/media/a.mp4', '/thumber/peek/a.jpg', '/translations/client/de.json'])
      expect(strategyFor(request(path), origin, buildFiles), path).toBe('network');
    expect(strategyFor({ url: 'https://cdn.example/x.js', method: 'GET', mode: 'cors' }, origin, buildFiles)).toBe('network');
    expect(strategyFor(request('/assets/a.js', 'cors', 'POST'), origin, buildFiles)).toBe('network');
  });

  test('pages network first, build files from the cache', () => {
    expect(strategyFor(request('/tag/cats?lang=de', 'navigate'), origin, buildFiles)).toBe('page');
    expect(strategyFor(request('/assets/root-abc.js'), origin, buildFiles)).toBe('build-file');
    expect(strategyFor(request('/manifest.webmanifest'), origin, buildFiles)).toBe('build-file');
    expect(strategyFor(request('/popular.data'), origin, buildFiles)).toBe('network');
  });

  test("a language's messages of one version are kept like build files, under their versioned address", () => {
    expect(strategyFor(request('/translations/client/de.json?v=abc'), origin, buildFiles)).toBe('build-file');
    expect(immutableKey(new URL(`${origin}/translations/client/de.json?v=abc`))).toBe('/translations/client/de.json?v=abc');
    expect(immutableKey(new URL(`${origin}/assets/a.js?x=1`))).toBe('/assets/a.js');
    expect(immutableKey(new URL(`${origin}/translations/client/de.json`))).toBeUndefined();
  });
});

describe('which pages are kept for offline use', () => {
  const page = (status: number, headers: Record<string, string>, type: ResponseType = 'basic') => {
    const response = new Response('<html></html>', {
      status,
      headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
    });
    return { ok: response.ok, headers: response.headers, type };
  };

  test('anonymous HTML pages', () => {
    expect(isStorablePage(page(200, {}))).toBe(true);
    expect(isStorablePage(page(200, { 'cache-control': 'public, max-age=60' }))).toBe(true);
  });

  test('never signed-in pages, errors, redirects or other content', () => {
    expect(isStorablePage(page(200, { 'cache-control': 'private, no-store' }))).toBe(false);
    expect(isStorablePage(page(200, { 'cache-control': 'no-store' }))).toBe(false);
    expect(isStorablePage(page(503, {}))).toBe(false);
    expect(isStorablePage(page(200, {}, 'opaqueredirect'))).toBe(false);
    expect(isStorablePage(page(200, { 'content-type': 'application/json' }))).toBe(false);
  });
});
