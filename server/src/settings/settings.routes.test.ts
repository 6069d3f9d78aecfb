import { afterAll, describe, expect, test } from 'vitest';
import { testApp } from '../test/test-app.ts';

const t = await testApp();
afterAll(() => t.close());

describe('GET /api/settings', () => {
  test('answers statusCode 2 with every field of the spec', async () => {
    const response = await t.get('/api/settings');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      statusCode: 2,
      country: { code: 'US', name: 'United States', priority: 9 },
      regExpUsername: expect.any(String),
      minResults: expect.any(Number),
    });
  });

  test('lists the 22 interface languages with bcp47, name and acceptHeader', async () => {
    const { languages } = (await t.get('/api/settings')).body;
    expect(languages).toHaveLength(22);
    for (const language of languages) {
      expect(language.bcp47).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
      expect(language.name).not.toBe('');
      expect(language.acceptHeader.startsWith(`${language.bcp47},`)).toBe(true);
    }
    const codes = languages.map((language: { bcp47: string }) => language.bcp47.slice(0, 2));
    expect(new Set(codes)).toEqual(new Set('cs de en es fr it pt ja ru zh ar tr id nl pl fa he vi sv ko hi uk'.split(' ')));
  });

  test('honours the country header and the country query, ignoring their case', async () => {
    expect((await t.get('/api/settings', { country: 'CZ' })).body.country).toEqual({ code: 'CZ', name: 'Czechia', priority: 3 });
    expect((await t.get('/api/settings?country=de')).body.country).toMatchObject({ code: 'DE', name: 'Germany' });
    expect((await t.get('/api/settings?country=jp', { country: 'CZ' })).body.country.code).toBe('JP');
  });

  test('honours the country cookie the web app keeps a forced country in, after the query and the header', async () => {
    // Pages' loaders call the API in-process with the page's cookies: this is how pages answer in that country.
    expect((await t.get('/api/settings', { cookie: 'country=IT' })).body.country.code).toBe('IT');
    expect((await t.get('/api/settings', { cookie: 'country=IT', country: 'CZ' })).body.country.code).toBe('CZ');
    expect((await t.get('/api/settings?country=jp', { cookie: 'country=IT' })).body.country.code).toBe('JP');
    // Each forced country is its own entry of the shared cache.
    expect((await t.get('/api/settings', { cookie: 'country=FR' })).body.country.code).toBe('FR');
    expect((await t.get('/api/settings', { cookie: 'country=XX' })).body.country.code).toBe('US');
  });

  test('falls back to the default country for an unknown one', async () => {
    for (const country of ['XX', 'usa', '12']) {
      expect((await t.get(`/api/settings?country=${country}`)).body.country.code).toBe('US');
      expect((await t.get('/api/settings', { country })).body.country.code).toBe('US');
    }
  });

  test('names the country in the language of the request', async () => {
    expect((await t.get('/api/settings', { language: 'de' })).body.country.name).toBe('Vereinigte Staaten');
    expect((await t.get('/api/settings', { language: 'cs-CZ', country: 'DE' })).body.country.name).toBe('Německo');
  });

  test('gives trigger words for each orientation', async () => {
    const triggers = (await t.get('/api/settings')).body.lgbt_triggers;
    expect(Object.keys(triggers).sort()).toEqual(['1', '2', '3']);
    for (const words of Object.values(triggers)) {
      expect((words as string[]).length).toBeGreaterThan(0);
      for (const word of words as string[]) expect(word).toBe(word.toLowerCase());
    }
    expect(triggers[2]).toContain('gay');
  });

  test('gives the username pattern of the spec, used case-insensitively', async () => {
    const pattern = new RegExp((await t.get('/api/settings')).body.regExpUsername, 'i');
    for (const name of ['ab', 'a.b_1', 'AB', 'john.doe_99', 'a'.repeat(31)]) expect(pattern.test(name), name).toBe(true);
    for (const name of ['a1', '_', '', 'a', 'a'.repeat(32), 'ab-c', 'ab c', 'ábc']) expect(pattern.test(name), name).toBe(false);
  });
});
