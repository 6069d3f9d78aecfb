import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

// useLayoutEffect warns during the server render, where there is nothing to measure anyway.
const useBrowserLayoutEffect = typeof document === 'undefined' ? () => undefined : useLayoutEffect;

/**
 * The rendered width of an element, following resizes. The server render (and the first client render,
 * so hydration matches) uses `initial`; the measured width replaces it before the browser paints.
 */
export function useElementWidth<T extends HTMLElement>(initial: number): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(initial);
  useBrowserLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.round(element.getBoundingClientRect().width) || initial);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [initial]);
  return [ref, width];
}
