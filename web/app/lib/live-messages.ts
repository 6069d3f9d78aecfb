import { useEffect } from 'react';
import type { ClientMessage } from '../../../server/src/realtime/client-messages.ts';
import { liveSocket } from './socket-client';

/** A message of spec §7 the browser sends over /ws/, typed by the server's schema of it. */
export type LiveEvent = ClientMessage['event'];
export type LiveData<E extends LiveEvent> = Extract<ClientMessage, { event: E }>['data'];

/** Sends one message over the page's socket: queued while the socket is closed, sent when it opens (lib/socket.ts). True when it went out at once. */
export function sendLive<E extends LiveEvent>(event: E, data: LiveData<E>): boolean {
  const socket = liveSocket();
  if (!socket) return false;
  const sentNow = socket.connected;
  socket.send(event, data);
  return sentNow;
}

/** Sends a message only if the socket is open now (a caller with an HTTP fallback uses that instead). */
export function sendLiveIfOpen<E extends LiveEvent>(event: E, data: LiveData<E>): boolean {
  return liveSocket()?.connected === true && sendLive(event, data);
}

type HitEvent = Extract<LiveEvent, 'hitTag' | 'hitUser' | 'hitPlaylist'>;

/**
 * Counts a visit of a tag, profile or playlist page (spec §7 hitTag, hitUser, hitPlaylist), once each
 * time the page shows another target; the server counts a target once per socket.
 */
export function useLiveHit<E extends HitEvent>(event: E, data: LiveData<E> | undefined): void {
  const key = data === undefined ? undefined : JSON.stringify(data);
  useEffect(() => {
    if (key !== undefined) sendLive(event, JSON.parse(key) as LiveData<E>);
  }, [event, key]);
}
