import { LiveSocket, socketUrl } from './socket';

let shared: LiveSocket | undefined;

/** The page's one socket (created on first use, in the browser only; undefined during server rendering). */
export function liveSocket(): LiveSocket | undefined {
  if (typeof window === 'undefined') return undefined;
  shared ??= new LiveSocket({ url: socketUrl(window.location) });
  return shared;
}
