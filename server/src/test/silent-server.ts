import { createServer, type Socket } from 'node:net';

export interface SilentServer {
  readonly port: number;
  readonly url: string;
  /** Connections it accepted, so a test can tell "never reached" from "reached and left waiting". */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A peer that accepts every TCP connection and never sends a byte, holding the socket open: the outside
 * service that hangs, for tests of outbound timeouts.
 */
export async function startSilentServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the silent server has no port');
  return {
    port: address.port,
    url: `http://127.0.0.1:${address.port}`,
    connections: () => accepted,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
