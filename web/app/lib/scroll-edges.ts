/**
 * A ref callback for a row that scrolls sideways. While content hides past an edge, the element carries
 * `data-more-start` or `data-more-end` (logical edges), so its CSS can fade that edge: a row cut exactly
 * between two items otherwise looks complete. Module-level, so React keeps the same callback and cleans up
 * on unmount.
 */
export function markScrollEdges(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined;
  const update = () => {
    // Right to left, scrollLeft runs from 0 down to negative values.
    const scrolled = Math.abs(element.scrollLeft);
    element.toggleAttribute('data-more-start', scrolled > 1);
    element.toggleAttribute('data-more-end', scrolled + element.clientWidth < element.scrollWidth - 1);
  };
  update();
  element.addEventListener('scroll', update, { passive: true });
  // The row's own size and its items' (a count that grows) both move the edges.
  const observer = new ResizeObserver(update);
  for (const observed of [element, ...element.children]) observer.observe(observed);
  return () => {
    element.removeEventListener('scroll', update);
    observer.disconnect();
  };
}
