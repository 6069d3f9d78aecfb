import { useCallback, useEffect, useRef, useState } from 'react';

/** One preview at a time across a page: starting a sound stops the one before. */
export function useSoundPreview() {
  const audio = useRef<HTMLAudioElement | undefined>(undefined);
  const [playing, setPlaying] = useState<number>();

  useEffect(
    () => () => {
      audio.current?.pause();
    },
    [],
  );

  const toggle = useCallback(
    (sound: { readonly id: number; readonly url: string }) => {
      const current = audio.current;
      if (playing === sound.id) {
        current?.pause();
        setPlaying(undefined);
        return;
      }
      current?.pause();
      const next = new Audio(sound.url);
      next.addEventListener('ended', () => setPlaying((id) => (id === sound.id ? undefined : id)));
      audio.current = next;
      setPlaying(sound.id);
      void next.play().catch(() => setPlaying((id) => (id === sound.id ? undefined : id)));
    },
    [playing],
  );

  return { playing, toggle };
}
