import { useEffect } from 'react';

export interface ListKeyHandlers {
  readonly count: number;
  readonly active: number;
  readonly setActive: (index: number) => void;
  readonly open: (index: number) => void;
  readonly toggle: (index: number) => void;
}

/** Typing in a field or choosing in a menu must not move the list. */
function typingInto(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/**
 * The queue's keyboard: j / k move, x selects, Enter or o opens. The moved-to row takes the focus, so
 * Tab and the screen reader stay where the eye is.
 */
export function useListKeys({ count, active, setActive, open, toggle }: ListKeyHandlers) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typingInto(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      const move = (index: number) => {
        event.preventDefault();
        const next = Math.max(0, Math.min(count - 1, index));
        setActive(next);
        document.querySelector<HTMLElement>(`[data-row-index="${next}"] [data-row-link]`)?.focus();
      };
      if (count === 0) return;
      if (event.key === 'j') move(active + 1);
      else if (event.key === 'k') move(active - 1);
      else if (event.key === 'x') {
        event.preventDefault();
        toggle(active);
      } else if (event.key === 'o') {
        event.preventDefault();
        open(active);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [count, active, setActive, open, toggle]);
}
