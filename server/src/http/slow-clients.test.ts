import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { filesUnder, recordingProcessing, uploader } from '../media/upload/upload-test-support.ts';
import { openSocket } from '../realtime/test-socket.ts';
import { type TestApp, testApp } from '../test/test-app.ts';

/**
 * Issue 24, slow clients: connections that send their headers a byte at a time (slowloris, on plain HTTP
 * and on the websocket upgrade), an upload body that stalls, and one address opening more connections than
 * it may. Each is cut off by the limits of http/connection-limits.ts while everyone else is answered.
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await testApp({
    processing: recordingProcessing(),
    env: { HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_IDLE_TIMEOUT_MS: '1500', HTTP_CONNECTIONS_PER_ADDRESS: '40' },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t?.close());

/** A raw connection from `localAddress`; `closedAt` resolves with the time the server closed it. */
async function rawConnection(localAddress = '127.0.0.1') {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  const closedAt = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  return { socket, closedAt };
}

/** Writes `text` one byte every `ms` until the socket closes. */
function trickle(socket: Socket, text: string, ms: number) {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || index >= text.length) return clearInterval(timer);
    socket.write(text[index++] as string);
  }, ms);
  socket.once('close', () => clearInterval(timer));
}

/** A request from another address, timed: the server must go on answering while the slow ones hang on. */
async function othersAreServed() {
  const started = Date.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/settings`, { signal: AbortSignal.timeout(5000) });
  expect(response.status).toBe(200);
  return Date.now() - started;
}

test('slowloris on HTTP and on the websocket upgrade: each connection is closed after the headers timeout, others served', async () => {
  const started = Date.now();
  const slow = await Promise.all(
    Array.from({ length: 30 }, async (_, n) => {
      const { socket, closedAt } = await rawConnection('127.0.0.2');
      const head =
        n % 2 === 0
          ? 'GET /api/settings HTTP/1.1\r\nHost: x\r\nX-Padding: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'
          : 'GET /ws/ HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nX-Padding: aaaaaaaaaaaaaaaaaaa';
      trickle(socket, head, 100);
      return closedAt;
    }),
  );
  for (let i = 0; i < 5; i++) expect(await othersAreServed()).toBeLessThan(1000);
  const closed = await Promise.all(slow);
  // headersTimeout 1 s, checked every second: closed within about two seconds, not when the client is done.
  for (const at of closed) expect(at - started).toBeLessThan(4000);
});

test('an upload whose body stalls is cut after the idle timeout; nothing of it is kept and the slot is freed', async () => {
  const as = await uploader(t);
  const boundary = '----velvetslow';
  const { socket, closedAt } = await rawConnection();
  const intro = `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\npost\r\n--${boundary}\r\nContent-Disposition: form-data; name="upToken"\r\n\r\n${as.upToken}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
  socket.write(
    `POST /media-api/upload-preprocess HTTP/1.1\r\nHost: x\r\nAuthorization: ${as.headers.authorization}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${10_000_000}\r\n\r\n${intro}`,
  );
  // The start of an MP4 (an ftyp box), so the upload passes sniffing and goes on streaming to storage.
  const ftyp = Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex');
  socket.write(Buffer.concat([ftyp, Buffer.alloc(256 * 1024)]));
  const stalledAt = Date.now();
  expect(await othersAreServed()).toBeLessThan(1000);
  const closed = await closedAt;
  expect(closed - stalledAt).toBeGreaterThanOrEqual(1000);
  expect(closed - stalledAt).toBeLessThan(5000);

  // The upload's slot is released and no object or part file is left behind.
  const deadline = Date.now() + 5000;
  let inProgress = 1;
  while (inProgress > 0 && Date.now() < deadline) {
    const row = await t.container.database.db
      .selectFrom('uploads_in_progress')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', as.id)
      .executeTakeFirstOrThrow();
    inProgress = Number(row.n);
    if (inProgress > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(inProgress).toBe(0);
  const { storage } = t.container.config;
  expect(storage.driver === 'local' ? await filesUnder(storage.dir) : 'local storage').toEqual([]);
});

test('an open websocket outlives the idle timeout: heartbeats, not the HTTP timeouts, judge it', async () => {
  const socket = await openSocket(`ws://127.0.0.1:${port}/ws/`);
  await socket.next('connect');
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  await socket.close();
});

test('one address may hold HTTP_CONNECTIONS_PER_ADDRESS connections; more are closed at once, other addresses served', async () => {
  const held = await Promise.all(Array.from({ length: 40 }, () => rawConnection('127.0.0.3')));
  const extra = await rawConnection('127.0.0.3');
  const refusedAt = await extra.closedAt;
  expect(refusedAt).toBeGreaterThan(0);
  expect(held.every(({ socket }) => !socket.destroyed)).toBe(true);
  expect(await othersAreServed()).toBeLessThan(1000);
  for (const { socket } of held) socket.destroy();
});
