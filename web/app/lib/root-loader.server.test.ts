import { describe, expect, test } from 'vitest';
import de from '../i18n/locales/de.json';
import { storedMessages } from '../i18n/message-store';
import { cachedSettings, loadRootData } from './root-loader.server';

const settings = { statusCode: 2, country: { code: 'US', name: 'United States' }, languages: [], lgbt_triggers: {} };

const providerStatus = { statusCode: 2, requirement: 'provider', passed: false, jurisdiction: 'GB', provider: 'test' } as const;

function load(
  url: string,
  cookie = '',
  answer: () => Promise<unknown> = async () => settings,
  assess: () => Promise<typeof providerStatus> = async () => providerStatus,
) {
  const calls: string[] = [];
  const assessed: (string | undefined)[] = [];
  const api = async <T>(path: string) => {
    calls.push(path);
    return (await answer()) as T;
  };
  const ageAssurance = (country: string | undefined) => {
    assessed.push(country);
    return assess();
  };
  const request = new Request(`http://velvet.test${url}`, { headers: cookie ? { cookie } : {} });
  const context = { api, ageAssurance, defaultLocale: 'en-US', baseUrl: 'http://velvet.test' };
  return { result: loadRootData(request, context, cachedSettings(60_000)), calls, assessed };
}

const setCookies = (init: ResponseInit | null | undefined) => new Headers(init?.headers).getSetCookie();

describe('the root loader', () => {
  test('shows the age gate and the banner to a first visitor, and sets nothing', async () => {
    const { data, init } = await load('/').result;
    expect(data).toMatchObject({
      ageConfirmed: false,
      consent: undefined,
      theme: 'system',
      accent: 'violet',
      signedIn: false,
      lgbtPreference: 1,
    });
    expect(init?.status).toBe(200);
    expect(setCookies(init)).toEqual([]);
  });

  test('reads the gate, consent, theme and accent from the cookies', async () => {
    const cookie = 'have18=1; consent=necessary.statistics; prefersDarkScheme=2; themeColor=pink; refresh=abc; lgbtPreference=2';
    const { data } = await load('/', cookie).result;
    expect(data).toMatchObject({
      ageConfirmed: true,
      consent: ['statistics'],
      theme: 'dark',
      accent: 'pink',
      signedIn: true,
      lgbtPreference: 2,
    });
  });

  test('skip-entermodal confirms the age and accepts every category on the response', async () => {
    const { data, init } = await load('/?skip-entermodal', 'setLang=de-DE').result;
    expect(data).toMatchObject({ ageConfirmed: true, consent: ['preferences', 'statistics', 'marketing'] });
    const cookies = setCookies(init);
    expect(cookies).toContain('have18=1; Path=/; Max-Age=63072000; SameSite=Lax');
    expect(cookies).toContain('consent=necessary.preferences.statistics.marketing; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(cookies).toContain('setLang=de-DE; Path=/; Max-Age=63072000; SameSite=Lax');
  });

  test('remembers ?lang for the session only until preferences are allowed', async () => {
    expect(setCookies((await load('/?lang=ja').result).init)).toEqual(['setLang=ja-JP; Path=/; SameSite=Lax']);
    const allowed = await load('/?lang=ja', 'consent=necessary.preferences').result;
    expect(setCookies(allowed.init)).toEqual(['setLang=ja-JP; Path=/; Max-Age=63072000; SameSite=Lax']);
  });

  test('names the language and its messages version, never the messages, which the server render finds by version', async () => {
    const { data } = await load('/?lang=de').result;
    expect(data).toMatchObject({ locale: 'de-DE', messagesVersion: expect.stringMatching(/^[\w-]{16}$/) });
    expect(data).not.toHaveProperty('messages');
    expect(JSON.stringify(data).length).toBeLessThan(2_000);
    expect(storedMessages(data.messagesVersion)?.error.title).toBe(de.error.title);
  });

  test('passes a forced country to the settings and the age check and keeps the email link parameters', async () => {
    const { result, calls, assessed } = load('/?country=cz&email_id=e-1&action=verify&go');
    const { data } = await result;
    expect(calls).toEqual(['/api/settings?country=CZ']);
    expect(assessed).toEqual(['CZ']);
    expect(data.link).toEqual({ go: true, emailId: 'e-1', action: 'verify', country: 'CZ' });
  });

  test("carries the visitor's age-assurance status without its statusCode, and none when the assessment fails", async () => {
    const { data } = await load('/').result;
    expect(data.ageAssurance).toEqual({ requirement: 'provider', passed: false, jurisdiction: 'GB', provider: 'test' });
    const failed = await load('/', '', undefined, async () => Promise.reject(new Error('down'))).result;
    expect(failed.data.ageAssurance).toBeUndefined();
    expect(failed.init?.status).toBe(200);
  });

  test('answers 503 without settings when they fail or are refused', async () => {
    for (const answer of [async () => Promise.reject(new Error('down')), async () => ({ statusCode: -1 })]) {
      const { data, init } = await load('/', '', answer).result;
      expect(data.settings).toBeUndefined();
      expect(init?.status).toBe(503);
    }
  });

  test('keeps the settings for 60 s per forced country, but never a failure', async () => {
    let clock = 0;
    let answers = 0;
    const source = cachedSettings(60_000, () => clock);
    const api = async <T>() => {
      answers += 1;
      if (answers === 1) throw new Error('down');
      return settings as T;
    };
    expect(await source(api, undefined)).toBeUndefined();
    expect(await source(api, undefined)).toEqual(settings);
    expect(await source(api, undefined)).toEqual(settings);
    expect(answers).toBe(2);
    await source(api, 'CZ');
    expect(answers).toBe(3);
    clock = 60_000;
    await source(api, undefined);
    expect(answers).toBe(4);
  });
});
