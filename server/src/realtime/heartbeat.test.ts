import { decodeJwt } from 'jose';
import { afterAll, expect, test } from 'vitest';
import { createUser, startSession } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { openSocket } from './test-socket.ts';

// The in-process bus cannot hear the ban trigger: the heartbeat's account check must end the session.
const t = await testApp({ env: { EVENT_BUS: 'memory', WS_HEARTBEAT_SECONDS: '1' } });
const { db } = t.container.database;
const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => t.close());

async function socketOf(userId: number, token?: string) {
  token ??= (await startSession(db, t.container.config.auth.jwtSecret, userId)).session.accessToken;
  const socket = await openSocket(`${address.replace('http', 'ws')}/ws/`, { headers: { cookie: `authorization=${token}` } });
  await socket.next('connect');
  return socket;
}

test('without the PostgreSQL bus, a ban still reaches open sockets within a heartbeat', async () => {
  const user = await createUser(db);
  const socket = await socketOf(user.id);
  await db.updateTable('users').set({ banned_at: new Date() }).where('id', '=', user.id).execute();
  await socket.next('logout-banned', undefined, 4000);
  expect(await socket.closed).toBe(4003);
});

test('an account that asked to be deleted has its sockets closed', async () => {
  const user = await createUser(db);
  const socket = await socketOf(user.id);
  await db.updateTable('users').set({ delete_requested_at: new Date() }).where('id', '=', user.id).execute();
  expect(await socket.closed).toBe(4001);
  expect(socket.frames.map((frame) => frame.event)).toEqual(['connect']);
});

test('a session ended without its event reaching this node (the bus is at most once) closes within a heartbeat', async () => {
  const user = await createUser(db);
  const ending = await startSession(db, t.container.config.auth.jwtSecret, user.id);
  const [ended, other] = [await socketOf(user.id, ending.session.accessToken), await socketOf(user.id)];
  const familyId = decodeJwt(ending.session.accessToken).sid as string;
  // What another node's logout writes; its sessions-ended event is not heard here.
  await db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('family_id', '=', familyId).execute();
  expect(await ended.closed).toBe(4001);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(other.ws.readyState).toBe(other.ws.OPEN);
  await other.close();
});
