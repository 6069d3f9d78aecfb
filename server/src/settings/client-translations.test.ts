import { readFileSync } from 'node:fs';
import { afterAll, expect, test } from 'vitest';
import { testApp } from '../test/test-app.ts';
import { CLIENT_TRANSLATIONS_CACHE_CONTROL, VERSIONED_TRANSLATIONS_CACHE_CONTROL } from './client-translations.routes.ts';
import { ClientTranslations } from './client-translations.ts';

const t = await testApp();
afterAll(() => t.close());

const webFile = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../../web/app/i18n/${path}`, import.meta.url), 'utf8')) as Record<string, unknown>;

test('GET /translations/client/{locale}.json serves the web client messages of that language', async () => {
  const german = await t.get('/translations/client/de-DE.json');
  expect(german.status).toBe(200);
  expect(german.body).toMatchObject({ statusCode: 2, locale: 'de-DE' });
  // The site shell at the top, each domain's namespace under its key, as the web app merges them.
  expect(german.body.messages.app).toEqual(webFile('locales/de.json').app);
  expect(german.body.messages.feed).toEqual(webFile('namespaces/feed/de.json'));
  expect((await t.get('/translations/client/ar.json')).body).toMatchObject({ statusCode: 2, locale: 'ar-SA' });
});

test('the answer is the same for every caller: public Cache-Control, stored answers included', async () => {
  const first = await t.get('/translations/client/fr-FR.json');
  const second = await t.get('/translations/client/fr-FR.json');
  expect(second.headers['x-cache']).toBe('hit');
  for (const response of [first, second]) expect(response.headers['cache-control']).toBe(CLIENT_TRANSLATIONS_CACHE_CONTROL);
});

test('a language the interface is not offered in is not found; a malformed name fails validation', async () => {
  expect((await t.get('/translations/client/xx.json')).body).toMatchObject({ statusCode: -13, error: 'not_found' });
  for (const bad of ['en', 'en-us.json', 'EN.json', '..%2Fen.json', 'en.json.json']) {
    const response = await t.get(`/translations/client/${bad}`);
    expect(response.status, bad).toBeLessThan(500);
    expect(response.body.statusCode, bad).toBeLessThan(0);
  }
});

test('asked with its current version (as pages ask), the answer is immutable; a stale or absent version is not', async () => {
  const version = await new ClientTranslations().versionFor('de');
  const current = await t.get(`/translations/client/de.json?v=${version}`);
  expect(current.headers['cache-control']).toBe(VERSIONED_TRANSLATIONS_CACHE_CONTROL);
  expect(current.body.messages.feed).toEqual(webFile('namespaces/feed/de.json'));
  // The response cache stored that body; the next caller's header still follows its own version.
  for (const path of ['/translations/client/de.json?v=stale', '/translations/client/de.json']) {
    expect((await t.get(path)).headers['cache-control'], path).toBe(CLIENT_TRANSLATIONS_CACHE_CONTROL);
  }
  expect((await t.get(`/translations/client/fr.json?v=${version}`)).headers['cache-control']).toBe(
    CLIENT_TRANSLATIONS_CACHE_CONTROL,
  );
  expect((await t.get('/translations/client/de.json?v=a%20b')).body.statusCode).toBeLessThan(0);
});
