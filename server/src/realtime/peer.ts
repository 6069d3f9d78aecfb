import type { WebSocket } from 'ws';
import { ReportRate } from '../analytics/report-rate.ts';
import { UNKNOWN_COUNTRY } from '../analytics/view-source.ts';
import { rateLimitKey } from '../http/security.ts';
import { addressKey, networkKey } from '../posts/viewer.ts';

/** Messages a socket may send: a burst of BURST, then RATE per second. */
const BURST = 30;
const RATE = 10;
/** Hits counted per socket and target at most once; the memory of that is bounded. */
const REMEMBERED_HITS = 1000;

/** One open socket on this node and what the hub knows about it. */
export class Peer {
  readonly ws: WebSocket;
  /** The viewer key of an anonymous socket without a visitor token: the address's digest, as over HTTP. */
  readonly addressKey: string;
  /** The address range its views and shares count in (posts/viewer.ts networkKey). */
  readonly network: string;
  /** The key its open sockets are counted under for WS_SOCKETS_PER_ADDRESS (IPv6 by /64). */
  readonly client: string;
  userId: number | undefined;
  /** The login session the socket authenticated with; a logout of that session closes it. */
  sessionId: string | undefined;
  /** Identifies the viewer for once-a-day views and shares: user, visitor token or address digest. */
  viewerKey: string;
  /** The locale of the page that opened the socket: tag names in hitTag / shareTag are read in it. */
  readonly locale: string;
  hidden = false;
  viewingPostId: number | undefined;
  /** The viewer's country as the trusted proxy told it at the upgrade, for its views' analytics (analytics/view-source.ts). */
  country: string = UNKNOWN_COUNTRY;
  /** The socket's own allowance of watchProgress reports, apart from its general message rate. */
  readonly progressRate = new ReportRate();
  /** Cleared when a ping goes out, set by the pong: a peer still unset at the next ping is dead. */
  alive = true;
  /** Messages refused for rate since the socket opened. */
  refused = 0;
  private tokens = BURST;
  private refilledAt = Date.now();
  private readonly hits = new Set<string>();

  constructor(ws: WebSocket, ip: string, locale: string) {
    this.ws = ws;
    this.addressKey = addressKey(ip);
    this.network = networkKey(ip);
    this.client = rateLimitKey({ ip });
    this.locale = locale;
    this.viewerKey = this.addressKey;
  }

  /** Who counts its views and shares. */
  get countingViewer(): { key: string; network: string } {
    return { key: this.viewerKey, network: this.network };
  }

  /** Token bucket: false when the socket sends faster than allowed. */
  takeToken(now = Date.now()): boolean {
    this.tokens = Math.min(BURST, this.tokens + ((now - this.refilledAt) / 1000) * RATE);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** True the first time this socket hits `key`, so reloading a tag page by socket spam counts once. */
  firstHit(key: string): boolean {
    if (this.hits.has(key)) return false;
    if (this.hits.size >= REMEMBERED_HITS) this.hits.clear();
    this.hits.add(key);
    return true;
  }

  send(event: string, data: unknown): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify({ event, data }));
  }
}
