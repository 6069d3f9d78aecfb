import { gunzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { AnswerStore } from './answer-store.ts';

const body = (bytes: number) => Buffer.from('x'.repeat(bytes));

test('stays within its byte budget, keys included, dropping the oldest answers first', () => {
  const store = new AnswerStore({ maxBytes: 1000, maxEntries: 100, ttlMs: 60_000 });
  for (const key of ['a', 'b', 'c', 'd']) store.set(key, body(299));
  expect(store.bytes).toBe(900);
  expect(store.get('a')).toBeUndefined();
  expect(['b', 'c', 'd'].map((key) => store.get(key)?.body.length)).toEqual([299, 299, 299]);
});

test('keeps no answer larger than the whole budget, and one large answer pushes out many small ones', () => {
  const store = new AnswerStore({ maxBytes: 1000, maxEntries: 100, ttlMs: 60_000 });
  store.set('huge', body(1000));
  expect(store.size).toBe(0);
  for (let key = 0; key < 10; key++) store.set(`s${key}`, body(48));
  store.set('large', body(795));
  expect(store.get('large')).toBeDefined();
  expect(store.size).toBe(5);
  expect(store.bytes).toBe(1000);
  expect(store.get('s5')).toBeUndefined();
  expect(store.get('s6')).toBeDefined();
});

test('counts the compressed copies made for hits', () => {
  const store = new AnswerStore({ maxBytes: 10_000, maxEntries: 100, ttlMs: 60_000 });
  store.set('k', Buffer.from(JSON.stringify({ statusCode: 2, posts: Array.from({ length: 50 }, (_, id) => ({ id })) })));
  const before = store.bytes;
  const entry = store.get('k');
  if (!entry) throw new Error('stored answer missing');
  const gzip = store.coded('k', entry, 'gzip');
  expect(gunzipSync(gzip)).toEqual(entry.body);
  expect(store.bytes).toBe(before + gzip.length);
  expect(store.coded('k', entry, 'gzip')).toBe(gzip);
  expect(store.bytes).toBe(before + gzip.length);
});

test('also bounds the number of entries, and forgets answers once they expire', () => {
  let now = 0;
  const store = new AnswerStore({ maxBytes: 1_000_000, maxEntries: 2, ttlMs: 60_000 }, () => now);
  for (const key of ['a', 'b', 'c']) store.set(key, body(10));
  expect([store.get('a'), store.get('b')?.body.length, store.get('c')?.body.length]).toEqual([undefined, 10, 10]);
  now = 60_001;
  expect(store.get('b')).toBeUndefined();
  expect(store.size).toBe(1);
  store.set('c', body(20));
  expect(store.bytes).toBe(21);
});
