import { RouterContextProvider } from 'react-router';
import { describe, expect, test } from 'vitest';
import { type ServerContext, serverContext } from '#server-context';
import { loader } from './profile';

const lena = { id: 7, username: 'lena', displayName: 'Lena', myProfile: false, avatar: {} };
const post = (id: number, user = lena) => ({ id, user: { id: user.id, username: user.username } });

/** The profile loader against fixed API answers, with the paths it asked for. */
async function load(path: string, params: Record<string, string>, answers: Record<string, unknown>) {
  const calls: string[] = [];
  const context = new RouterContextProvider();
  const api = async <T>(apiPath: string) => {
    calls.push(apiPath);
    return (answers[apiPath] ?? { statusCode: 0, error: 'not_found' }) as T;
  };
  context.set(serverContext, { api } as unknown as ServerContext);
  const request = new Request(`http://velvet.test${path}`);
  const data = await loader({ params, request, context } as unknown as Parameters<typeof loader>[0]);
  return { data, calls };
}

const answers = {
  '/api/user/lena': { statusCode: 2, user: lena },
  '/api/post/?userId=7': { statusCode: 2, posts: [post(1), post(2)], canLoadMore: true, t: 5 },
  '/api/post/99': { statusCode: 2, post: post(99) },
};

describe('the profile loader', () => {
  test('hands a post its first page does not hold to the feed overlay, so the browser does not ask again', async () => {
    const { data, calls } = await load('/user/lena/99', { username: 'lena', id: '99' }, answers);
    expect(data.opened).toEqual(post(99));
    expect(calls.filter((call) => call === '/api/post/99')).toHaveLength(1);
  });

  test('reads no single post when the first page holds the opened one, nor with the overlay closed', async () => {
    const opened = await load('/user/lena/2', { username: 'lena', id: '2' }, answers);
    expect(opened.data.opened).toBeUndefined();
    const closed = await load('/lena', { profile: 'lena' }, answers);
    expect(closed.data.opened).toBeUndefined();
    expect([...opened.calls, ...closed.calls].some((call) => /^\/api\/post\/\d/.test(call))).toBe(false);
  });

  test("opens another creator's post under its creator", async () => {
    const marco = { ...lena, id: 8, username: 'marco' };
    const foreign = { ...answers, '/api/post/99': { statusCode: 2, post: post(99, marco) } };
    const redirect = await load('/user/lena/99?lang=ar', { username: 'lena', id: '99' }, foreign).catch((thrown) => thrown);
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).headers.get('location')).toBe('/user/marco/99?lang=ar');
  });
});
