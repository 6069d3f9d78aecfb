import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config.ts';

/**
 * The node:http options that keep slow or greedy clients from holding the server (docs/deploy.md,
 * "Limits"): all headers within `headersMs` (slowloris), no silence longer than `idleMs` in the middle of a
 * request (a stalled upload body), a whole request within `requestMs`, idle keep-alive connections closed
 * after `keepAliveMs`. Node checks the first and third only every `connectionsCheckingInterval`.
 */
export function httpServerOptions(config: Config['http']) {
  const { headersMs, idleMs, requestMs, keepAliveMs } = config.timeouts;
  return {
    connectionTimeout: idleMs,
    keepAliveTimeout: keepAliveMs,
    requestTimeout: requestMs,
    http: { headersTimeout: headersMs, requestTimeout: requestMs, connectionsCheckingInterval: Math.min(1000, headersMs) },
  };
}

/**
 * At most `max` open connections per peer address; one more is closed before a byte is read. Websockets
 * count too: they are connections. 0 turns the limit off.
 */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  if (max === 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
