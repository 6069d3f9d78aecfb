import { type ReactElement, useCallback, useEffect, useRef, useState } from 'react';
import styles from './StatusMessage.module.css';

export type StatusTone = 'success' | 'warning' | 'error';

interface Shown {
  readonly text: string;
  readonly tone: StatusTone;
  readonly key: number;
}

/**
 * A status message of spec §8 (pin, follow, ...): one at a time, announced politely, gone after its
 * timeout (status messages last 3–8 s). Returns the element to render and the function that shows one.
 */
export function useStatusMessage(): [ReactElement, (text: string, tone?: StatusTone, timeoutMs?: number) => void] {
  const [shown, setShown] = useState<Shown | undefined>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((text: string, tone: StatusTone = 'success', timeoutMs = 3000) => {
    clearTimeout(timer.current);
    setShown({ text, tone, key: Date.now() });
    timer.current = setTimeout(() => setShown(undefined), timeoutMs);
  }, []);
  const element = (
    <div className={styles.region} role="status" aria-live="polite">
      {shown && (
        <p key={shown.key} className={styles.message} data-tone={shown.tone}>
          {shown.text}
        </p>
      )}
    </div>
  );
  return [element, show];
}
