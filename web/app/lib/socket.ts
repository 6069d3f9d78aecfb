/**
 * The browser's end of /ws/ (spec §4 "Sockets"): messages are `{event, data}` JSON. On close the socket
 * reports connected=false, queues what is sent until it is open again, and retries every 3 s, at most 20
 * times in a row (the spec's two readings say 20 attempts and "more than 10"; we take the longer one so a
 * phone waking from sleep finds its way back). Logging in or out reconnects at once with the new cookie.
 */
export const RECONNECT_DELAY_MS = 3000;
export const MAX_RECONNECT_ATTEMPTS = 20;
/** Messages kept while closed; the oldest go first beyond this. */
const QUEUE_LIMIT = 100;

type Listener = (data: unknown) => void;

/** The minimum of the DOM WebSocket the client needs, so tests can drive it with a fake transport. */
export interface SocketTransport {
  readonly readyState: number;
  onopen: (() => void) | null;
  onclose: (() => void) | null;
  onmessage: ((message: { data: unknown }) => void) | null;
  send(text: string): void;
  close(): void;
}

export interface LiveSocketOptions {
  readonly url: string;
  readonly open?: (url: string) => SocketTransport;
  readonly reconnectDelayMs?: number;
  readonly maxAttempts?: number;
}

const OPEN = 1;

export class LiveSocket {
  connected = false;
  /** Reconnection attempts since the socket was last open. */
  attempts = 0;
  private transport: SocketTransport | undefined;
  private readonly queue: string[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly options: Required<LiveSocketOptions>;

  constructor(options: LiveSocketOptions) {
    this.options = {
      open: (url) => new WebSocket(url) as unknown as SocketTransport,
      reconnectDelayMs: RECONNECT_DELAY_MS,
      maxAttempts: MAX_RECONNECT_ATTEMPTS,
      ...options,
    };
  }

  connect(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const transport = this.options.open(this.options.url);
    this.transport = transport;
    transport.onopen = () => {
      if (this.transport !== transport) return;
      this.connected = true;
      this.attempts = 0;
      this.emit('open', undefined);
      for (const text of this.queue.splice(0)) transport.send(text);
    };
    transport.onclose = () => {
      if (this.transport !== transport) return;
      this.connected = false;
      this.transport = undefined;
      this.emit('close', undefined);
      this.scheduleRetry();
    };
    transport.onmessage = (message) => this.received(message.data);
  }

  /** Closes and opens again now, e.g. after login or logout so the server sees the new session. */
  reconnect(): void {
    this.attempts = 0;
    this.drop();
    this.connect();
  }

  /** Closes for good (until connect is called again). */
  disconnect(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.drop();
  }

  send(event: string, data?: unknown): void {
    const text = JSON.stringify(data === undefined ? { event } : { event, data });
    if (this.connected && this.transport?.readyState === OPEN) {
      this.transport.send(text);
      return;
    }
    if (this.queue.length >= QUEUE_LIMIT) this.queue.shift();
    this.queue.push(text);
  }

  /** Listens to a server event (or `open`/`close` of the socket); returns the way to stop. */
  on(event: string, listener: Listener): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  get queued(): number {
    return this.queue.length;
  }

  private drop() {
    const transport = this.transport;
    this.transport = undefined;
    if (this.connected) {
      this.connected = false;
      this.emit('close', undefined);
    }
    if (transport) {
      transport.onclose = null;
      transport.onmessage = null;
      transport.close();
    }
  }

  private scheduleRetry() {
    if (this.retryTimer || this.attempts >= this.options.maxAttempts) return;
    this.attempts += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect();
    }, this.options.reconnectDelayMs);
  }

  private received(raw: unknown) {
    if (typeof raw !== 'string') return;
    let frame: { event?: unknown; data?: unknown };
    try {
      frame = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof frame.event === 'string') this.emit(frame.event, frame.data);
  }

  private emit(event: string, data: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(data);
  }
}

/** The page's own /ws/ address (ws: or wss: like the page). */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws/`;
}
