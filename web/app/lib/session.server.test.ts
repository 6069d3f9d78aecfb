import { describe, expect, test } from 'vitest';
import { cachedSettings, loadRootData } from './root-loader.server';
import { loadViewer } from './session.server';

const settings = { statusCode: 2, country: { code: 'US', name: 'United States' }, languages: [], lgbt_triggers: {} };
const me = { statusCode: 2, user: { id: 7, username: 'jana', myProfile: true, lgbtPreference: 2, avatar: {} } };
const clickStatus = { statusCode: 2, requirement: 'click', passed: false, jurisdiction: null, provider: 'test' } as const;
const token = (exp: number) => `h.${Buffer.from(JSON.stringify({ sub: '7', exp })).toString('base64url')}.s`;

/** An in-process API stand-in answering by path, recording what was asked. */
function apiAnswering(answers: Record<string, unknown>) {
  const calls: string[] = [];
  const api = async <T>(path: string) => {
    calls.push(path);
    return (answers[path.split('?')[0] as string] ?? { statusCode: -16, error: 'route_not_found' }) as T;
  };
  return { api, calls };
}

describe('the viewer in the root data', () => {
  test('a signed-in page gets its own profile, the token expiry and the profile orientation', async () => {
    const { api } = apiAnswering({ '/api/settings': settings, '/api/user/me': me });
    const cookie = `refresh=abc; authorization=${token(1_900_000_000)}; lgbtPreference=3`;
    const request = new Request('http://velvet.test/', { headers: { cookie } });
    const { data } = await loadRootData(
      request,
      { api, ageAssurance: async () => clickStatus, defaultLocale: 'en-US', baseUrl: 'http://velvet.test' },
      cachedSettings(1),
    );
    expect(data).toMatchObject({ viewer: { id: 7, username: 'jana' }, sessionExp: 1_900_000_000, lgbtPreference: 2 });
  });

  test('visitors are not looked up at all', async () => {
    const { api, calls } = apiAnswering({ '/api/user/me': me });
    expect(await loadViewer(api, 'anonymous=x')).toEqual({ viewer: undefined, sessionExp: undefined, accountBlock: undefined });
    expect(calls).toEqual([]);
  });

  test('a banned or leaving account is reported so the page can log it out', async () => {
    for (const error of ['user_banned', 'user_to_be_deleted'] as const) {
      const { api } = apiAnswering({ '/api/user/me': { statusCode: error === 'user_banned' ? -3 : -4, error } });
      expect((await loadViewer(api, 'refresh=abc')).accountBlock).toBe(error);
    }
  });

  test('a failed lookup leaves the page anonymous rather than failing it', async () => {
    const api = async <T>(): Promise<T> => {
      throw new Error('down');
    };
    expect((await loadViewer(api, 'refresh=abc')).viewer).toBeUndefined();
  });
});
