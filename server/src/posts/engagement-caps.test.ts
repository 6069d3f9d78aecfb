import { afterAll, describe, expect, test } from 'vitest';
import { createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { SHARE_PLATFORMS } from './engagement.service.ts';

const VIEWERS = 5;
const SHARERS = 3;
const TOKENS = 4;
const t = await testApp({
  env: {
    RATE_LIMIT_PER_MINUTE: '100000',
    VISITOR_TOKENS_PER_ADDRESS: String(TOKENS),
    COUNTED_VIEWERS_PER_NETWORK: String(VIEWERS),
    COUNTED_SHARERS_PER_NETWORK: String(SHARERS),
  },
});
afterAll(() => t.close());
const { db } = t.container.database;

const countsOf = (id: number) =>
  db.selectFrom('posts').select(['views_count', 'shares_count']).where('id', '=', id).executeTakeFirstOrThrow();

/** A fresh visitor token from `from`, then a call with it from the same address. */
async function asFreshVisitor(from: string, url: string, payload: unknown) {
  const login = await t.request({ method: 'POST', url: '/api/anonymous-login', remoteAddress: from });
  const token = login.body.accessToken as string;
  const answer = await t.request({
    method: 'POST',
    url,
    remoteAddress: from,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
  return answer.body;
}

describe('visitor tokens', () => {
  test('one address is given VISITOR_TOKENS_PER_ADDRESS of them, then rate_limited; others still get theirs', async () => {
    const mint = (from: string) => t.request({ method: 'POST', url: '/api/anonymous-login', remoteAddress: from });
    const answers = [];
    for (let index = 0; index <= TOKENS; index++) answers.push(await mint('10.9.0.1'));
    expect(answers.slice(0, TOKENS).every((answer) => typeof answer.body.accessToken === 'string')).toBe(true);
    expect(answers[TOKENS]).toMatchObject({ status: 429, body: { error: 'rate_limited' } });
    // IPv6 by /64: another interface id in the same /64 is the same client.
    for (let index = 0; index < TOKENS; index++) await mint(`2001:db8:9:9::${index + 1}`);
    expect((await mint('2001:db8:9:9::ffff')).status).toBe(429);
    expect((await mint('10.9.0.2')).body.accessToken).toEqual(expect.any(String));
  });

  test('a logout without a signed-in user draws on the same allowance', async () => {
    const logout = () => t.request({ method: 'POST', url: '/api/logout', remoteAddress: '10.9.1.1' });
    for (let index = 0; index < TOKENS; index++) expect((await logout()).body.accessToken).toEqual(expect.any(String));
    expect((await logout()).body.error).toBe('rate_limited');
    expect((await t.request({ method: 'POST', url: '/api/anonymous-login', remoteAddress: '10.9.1.1' })).status).toBe(429);
  });
});

describe('caps per address range', () => {
  test('a loop of fresh visitors from one IPv4 /24 counts COUNTED_VIEWERS_PER_NETWORK views of a post', async () => {
    const postId = await createPost(db, (await createUser(db)).id);
    const counted = [];
    for (let host = 1; host <= VIEWERS * 3; host++) {
      counted.push((await asFreshVisitor(`10.20.30.${host}`, `/api/post/view/${postId}`, {})).counted);
    }
    expect(counted.filter(Boolean)).toHaveLength(VIEWERS);
    expect((await countsOf(postId)).views_count).toBe(VIEWERS);
    // Another range, and the same range on another post, still count.
    expect((await asFreshVisitor('10.20.31.1', `/api/post/view/${postId}`, {})).counted).toBe(true);
    const other = await createPost(db, (await createUser(db)).id);
    expect((await asFreshVisitor('10.20.30.99', `/api/post/view/${other}`, {})).counted).toBe(true);
  });

  test('IPv6 addresses count by /64', async () => {
    const postId = await createPost(db, (await createUser(db)).id);
    for (let host = 1; host <= VIEWERS * 2; host++) {
      await asFreshVisitor(`2001:db8:20:30::${host.toString(16)}`, `/api/post/view/${postId}`, {});
    }
    expect((await countsOf(postId)).views_count).toBe(VIEWERS);
    expect((await asFreshVisitor('2001:db8:20:31::1', `/api/post/view/${postId}`, {})).counted).toBe(true);
  });

  test('fresh visitors sharing to every platform from one /24 count COUNTED_SHARERS_PER_NETWORK shares', async () => {
    const postId = await createPost(db, (await createUser(db)).id);
    for (let host = 1; host <= SHARERS * 3; host++) {
      const from = `10.40.50.${host}`;
      const login = await t.request({ method: 'POST', url: '/api/anonymous-login', remoteAddress: from });
      const headers = { authorization: `Bearer ${login.body.accessToken}`, 'content-type': 'application/json' };
      for (const platform of SHARE_PLATFORMS) {
        await t.request({
          method: 'POST',
          url: `/api/post/share/${postId}`,
          remoteAddress: from,
          headers,
          payload: JSON.stringify({ platform }),
        });
      }
    }
    expect((await countsOf(postId)).shares_count).toBe(SHARERS);
  });
});
