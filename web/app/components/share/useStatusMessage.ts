import { useCallback, useEffect, useRef, useState } from 'react';

/** A status message of spec §8: its text, kind and how long it stays. */
export interface StatusMessage {
  readonly id: number;
  readonly text: string;
  readonly type: 'success' | 'warning';
  readonly timeout: number;
}

/** One status message at a time; a newer one replaces the shown one, each leaves after its timeout. */
export function useStatusMessage() {
  const [message, setMessage] = useState<StatusMessage>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback((text: string, type: StatusMessage['type'], timeout: number) => {
    clearTimeout(timer.current);
    setMessage({ id: Date.now(), text, type, timeout });
    timer.current = setTimeout(() => setMessage(undefined), timeout);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show };
}
