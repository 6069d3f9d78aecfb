import { useSyncExternalStore } from 'react';
import type { QualityChoice } from './renditions';

/**
 * What stays the same from one video to the next while the visitor watches: sound on or off and the
 * chosen quality. Browsers only allow sound after a gesture, so every visit starts muted until the
 * visitor unmutes once; from then on each next video keeps the sound.
 */
export interface PlaybackState {
  readonly muted: boolean;
  readonly quality: QualityChoice;
}

let state: PlaybackState = { muted: true, quality: 'auto' };
const listeners = new Set<() => void>();

function update(next: Partial<PlaybackState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverState: PlaybackState = { muted: true, quality: 'auto' };

export function usePlayback(): PlaybackState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
}

export const playback = {
  setMuted: (muted: boolean) => update({ muted }),
  toggleMuted: () => update({ muted: !state.muted }),
  setQuality: (quality: QualityChoice) => update({ quality }),
  get: () => state,
};
