import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { createPost, createUser, startSession } from '../test/fixtures.ts';
import { fuzzParameters, HOSTILE_STRINGS, pollutedKeys, valueFor } from '../test/hostile-input.ts';
import { testApp } from '../test/test-app.ts';
import { type ClientEventName, clientEvents, parseClientMessage } from './client-messages.ts';
import { MAX_MESSAGE_BYTES } from './socket.routes.ts';
import { openSocket, type TestSocket } from './test-socket.ts';

/**
 * Every client message of realtime/client-messages.ts, fed data derived from its schema but filled with
 * hostile content (and frames that are not messages at all), over a real socket, anonymous and logged in:
 * the server never fails inside (no `internal_error` frame, no close 1011) and the socket keeps answering.
 */

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
const { db } = t.container.database;
const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
const wsUrl = `${address.replace('http', 'ws')}/ws/`;
afterAll(() => t.close());

const user = await createUser(db);
await createPost(db, user.id, { tags: ['fuzz'] });
const token = (await startSession(db, t.container.config.auth.jwtSecret, user.id)).session.accessToken;
const { seed, numRuns, timeout } = fuzzParameters(15);

/** A frame for `event`: its schema's shape with hostile content, data of any type, or not a message at all. */
function framesFor(event: ClientEventName): fc.Arbitrary<string | Buffer> {
  const message = (data: unknown) => JSON.stringify({ event, data });
  return fc.oneof(
    { weight: 5, arbitrary: valueFor(clientEvents[event]).map(message) },
    { weight: 1, arbitrary: valueFor(undefined).map(message) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | Buffer>(
        ...HOSTILE_STRINGS.filter((text) => text.length <= MAX_MESSAGE_BYTES),
        JSON.stringify({ event }),
        JSON.stringify({ event, data: {}, extra: 1 }),
        JSON.stringify({ event: '__proto__', data: { fuzzPolluted: 1 } }),
        JSON.stringify({ event: 'constructor', data: {} }),
        JSON.stringify({ event: 'toString', data: {} }),
        `{"event":"${event}","data":{"__proto__":{"fuzzPolluted":1}}}`,
        `{"event":"${event}","data":${'['.repeat(1000)}${']'.repeat(1000)}}`,
        'x'.repeat(MAX_MESSAGE_BYTES + 1),
        Buffer.from([0, 1, 2, 255]),
      ),
    },
  );
}

/** Polls until `done` holds; the frames come over a real socket. */
async function until(done: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A reconnect answers once, with `connect` (or an error naming it): the last one tells that all before it ran. */
const reconnectAnswers = (socket: TestSocket) =>
  socket.frames.filter((frame) => frame.event === 'connect' || (frame.event === 'error' && frame.data?.event === 'reconnect'))
    .length;

async function sendAll(frames: (string | Buffer)[], loggedIn: boolean): Promise<void> {
  const socket = await openSocket(wsUrl, { headers: loggedIn ? { cookie: `authorization=${token}` } : undefined });
  let closeCode: number | undefined;
  void socket.closed.then((code) => {
    closeCode = code;
  });
  try {
    expect(await socket.next('connect')).toMatchObject({ userId: loggedIn ? user.id : null });
    for (const frame of frames) socket.ws.send(frame);
    const reconnects = frames.filter((frame) => typeof frame === 'string' && parseClientMessage(frame)?.event === 'reconnect');
    if (closeCode === undefined) {
      socket.send('reconnect', loggedIn ? { token } : {});
      await until(() => closeCode !== undefined || reconnectAnswers(socket) >= reconnects.length + 2, 'the last reconnect');
    }
    const failures = socket.frames.filter((frame) => frame.event === 'error' && frame.data?.code === 'internal_error');
    if (failures.length) throw new Error(`internal_error frames: ${JSON.stringify(failures)}`);
    // Only a frame over the size limit may end the socket (1009, by ws itself).
    if (closeCode !== undefined && closeCode !== 1009) throw new Error(`socket closed with ${closeCode}`);
    if (pollutedKeys().length) throw new Error(`Object.prototype was polluted with ${pollutedKeys().join(', ')}`);
  } finally {
    await socket.close();
  }
}

describe('every websocket message survives hostile input', () => {
  test.each(Object.keys(clientEvents) as ClientEventName[])(
    '%s',
    async (event) => {
      await fc.assert(fc.asyncProperty(fc.array(framesFor(event), { minLength: 1, maxLength: 4 }), fc.boolean(), sendAll), {
        seed,
        numRuns,
        endOnFailure: true,
      });
      expect(pollutedKeys()).toEqual([]);
    },
    timeout,
  );
});

test('a message whose text holds U+0000 is refused as invalid, not failed in PostgreSQL', async () => {
  const socket = await openSocket(wsUrl);
  try {
    await socket.next('connect');
    socket.send('hitTag', { tag: 'a\u0000b' });
    expect(await socket.next('error')).toMatchObject({ code: 'socket_message_invalid' });
  } finally {
    await socket.close();
  }
});
