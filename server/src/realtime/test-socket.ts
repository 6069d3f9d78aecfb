import WebSocket from 'ws';

/** A frame the server sent: `{event, data}`. */
export interface Frame {
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of socket events
  readonly data: any;
  readonly event: string;
}

export interface TestSocket {
  readonly ws: WebSocket;
  /** Every frame received so far, oldest first. */
  readonly frames: Frame[];
  send(event: string, data?: unknown): void;
  /** The first frame (already received or still to come) named `event` that `match` accepts. */
  next(event: string, match?: (data: Frame['data']) => boolean, ms?: number): Promise<Frame['data']>;
  /** Resolves with the close code. */
  readonly closed: Promise<number>;
  close(): Promise<void>;
}

/** A real websocket client (the `ws` package) on the app's /ws/, waiting until it is open. */
export async function openSocket(
  url: string,
  options: { headers?: Record<string, string>; autoPong?: boolean; localAddress?: string } = {},
): Promise<TestSocket> {
  const ws = new WebSocket(url, {
    headers: options.headers,
    autoPong: options.autoPong ?? true,
    ...(options.localAddress && { localAddress: options.localAddress }),
  });
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()) as Frame);
    for (const waiter of waiters) waiter();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const used = new Set<number>();
  return {
    ws,
    frames,
    closed,
    send: (event, data) => ws.send(JSON.stringify(data === undefined ? { event } : { event, data })),
    next(event, match = () => true, ms = 5000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          for (let index = 0; index < frames.length; index++) {
            const frame = frames[index] as Frame;
            if (!used.has(index) && frame.event === event && match(frame.data)) {
              used.add(index);
              finish();
              resolve(frame.data);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no ${event} within ${ms} ms; got ${JSON.stringify(frames)}`));
        }, ms);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(look);
        };
        waiters.add(look);
        look();
      });
    },
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
}
