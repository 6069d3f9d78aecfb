import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { LiveSocket, MAX_RECONNECT_ATTEMPTS, RECONNECT_DELAY_MS, type SocketTransport, socketUrl } from './socket';

/** A transport the test opens and closes by hand, recording what was sent. */
class FakeTransport implements SocketTransport {
  readyState = 0;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;
  readonly sent: string[] = [];
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

let transports: FakeTransport[];
const latest = () => transports.at(-1) as FakeTransport;
const socket = () =>
  new LiveSocket({
    url: 'ws://x/ws/',
    open: () => {
      const transport = new FakeTransport();
      transports.push(transport);
      return transport;
    },
  });

beforeEach(() => {
  transports = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

test('connected follows open and close; messages sent while closed are queued and flushed in order', () => {
  const live = socket();
  live.connect();
  live.send('viewingPost', { id: 1 });
  live.send('visChange', { hidden: false });
  expect(live.connected).toBe(false);
  expect(live.queued).toBe(2);
  latest().open();
  expect(live.connected).toBe(true);
  expect(latest().sent).toEqual(['{"event":"viewingPost","data":{"id":1}}', '{"event":"visChange","data":{"hidden":false}}']);
  latest().drop();
  expect(live.connected).toBe(false);
  live.send('readNotif', { type: 'post-like' });
  expect(live.queued).toBe(1);
});

test('reconnects every 3 s and gives up after 20 attempts in a row', () => {
  const live = socket();
  live.connect();
  latest().drop();
  for (let attempt = 1; attempt <= MAX_RECONNECT_ATTEMPTS; attempt++) {
    vi.advanceTimersByTime(RECONNECT_DELAY_MS - 1);
    expect(transports).toHaveLength(attempt);
    vi.advanceTimersByTime(1);
    expect(transports).toHaveLength(attempt + 1);
    latest().drop();
  }
  vi.advanceTimersByTime(RECONNECT_DELAY_MS * 5);
  expect(transports).toHaveLength(MAX_RECONNECT_ATTEMPTS + 1);
  expect(live.attempts).toBe(MAX_RECONNECT_ATTEMPTS);
});

test('a successful open resets the attempt count; reconnect() starts over at once', () => {
  const live = socket();
  live.connect();
  latest().drop();
  vi.advanceTimersByTime(RECONNECT_DELAY_MS);
  latest().open();
  expect(live.attempts).toBe(0);
  live.reconnect();
  expect(transports).toHaveLength(3);
  expect(transports[1]?.readyState).toBe(3);
});

test('server events reach their listeners; malformed frames are ignored', () => {
  const live = socket();
  const seen: unknown[] = [];
  const stop = live.on('post-likes', (data) => seen.push(data));
  live.connect();
  latest().open();
  latest().onmessage?.({ data: '{"event":"post-likes","data":{"postId":3,"likesCount":9}}' });
  latest().onmessage?.({ data: 'garbage' });
  stop();
  latest().onmessage?.({ data: '{"event":"post-likes","data":{}}' });
  expect(seen).toEqual([{ postId: 3, likesCount: 9 }]);
});

test('the address follows the page: wss on https', () => {
  expect(socketUrl({ protocol: 'https:', host: 'velvet.example' })).toBe('wss://velvet.example/ws/');
  expect(socketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws/');
});
