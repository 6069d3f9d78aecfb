import { useState } from 'react';

/**
 * Calls `reset` when `source` (a loader's answer) is a new value after a revalidation or a navigation, so
 * state that starts from it (a list the visitor grows or reorders) starts over from the new answer.
 *
 * It runs during render, as React advises for state that follows a prop, rather than in an effect: an
 * effect also runs once after hydration, and a click handled while the page hydrates (a visitor's pin on
 * a busy phone) can come before it and be undone by it.
 */
export function useResetOnChange<Source>(source: Source, reset: (source: Source) => void): void {
  const [seen, setSeen] = useState(source);
  if (seen !== source) {
    setSeen(source);
    reset(source);
  }
}
