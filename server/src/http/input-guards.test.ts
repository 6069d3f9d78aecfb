import { afterAll, expect, test } from 'vitest';
import { actingAs, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';

const t = await testApp();
afterAll(() => t.close());

test('a NUL in a query, path or JSON body is refused as invalid input instead of failing in PostgreSQL', async () => {
  const query = await t.get('/api/tag/translate?tag=%00');
  expect(query.status).toBe(400);
  expect(query.body).toMatchObject({ error: 'invalid_input', details: [{ field: 'querystring/tag' }] });

  expect((await t.get('/api/pass-change/abc%00def')).body).toMatchObject({ error: 'invalid_input' });

  const user = await createUser(t.container.database.db);
  const answer = await (await actingAs(t, user.id)).put('/api/user/me', { displayName: 'a\u0000b' });
  expect(answer).toMatchObject({ error: 'invalid_input', details: [{ field: 'body/displayName' }] });
});

test('a number that is not finite is refused as invalid input instead of reaching a bigint column', async () => {
  for (const url of [
    '/api/post/Infinity',
    '/api/post/-Infinity',
    '/api/post/1e400',
    '/api/sound/Infinity',
    '/api/post/?userId=Infinity',
  ]) {
    const answer = await t.get(url);
    expect(answer.status, url).toBe(400);
    expect(answer.body, url).toMatchObject({ error: 'invalid_input', details: [{ problem: 'must be a finite number' }] });
  }
  const user = await createUser(t.container.database.db);
  const follow = await (await actingAs(t, user.id)).post('/api/user/follow', JSON.parse('{"userId":1e400}'));
  expect(follow).toMatchObject({ error: 'invalid_input' });
});

test('text without NUL, including other control characters and emoji, goes through', async () => {
  expect((await t.get(`/api/tag/translate?tag=${encodeURIComponent('\u0001tag😀')}`)).body.statusCode).toBeGreaterThan(-99);
  expect((await t.get('/api/tag/translate?tag=plain')).status).toBe(200);
});
