import { useSyncExternalStore } from 'react';
import type { QualityChoice } from './renditions';

/**
 * What stays the same from one video to the next while the visitor watches: sound on or off, the
 * chosen quality, and captions on or off in which language. Browsers only allow sound after a gesture,
 * so every visit starts muted until the visitor unmutes once; from then on each next video keeps the
 * sound. Captions carry over the same way: on, they stay on for every next video that has them.
 */
export interface PlaybackState {
  readonly muted: boolean;
  readonly quality: QualityChoice;
  readonly captionsOn: boolean;
  /** The caption language last chosen (two letters); null until one is, then the page's language leads. */
  readonly captionLanguage: string | null;
}

let state: PlaybackState = { muted: true, quality: 'auto', captionsOn: false, captionLanguage: null };
const listeners = new Set<() => void>();

function update(next: Partial<PlaybackState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverState: PlaybackState = { muted: true, quality: 'auto', captionsOn: false, captionLanguage: null };

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
  toggleCaptions: () => update({ captionsOn: !state.captionsOn }),
  /** A language turns captions on in it; null turns them off. */
  chooseCaptions: (language: string | null) =>
    update(language === null ? { captionsOn: false } : { captionsOn: true, captionLanguage: language }),
  get: () => state,
};
