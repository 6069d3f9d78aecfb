import { type RefObject, useCallback, useEffect, useRef } from 'react';

/** A wheel or trackpad gesture moves one post once its deltas add up to this many pixels. */
const WHEEL_STEP_PX = 40;
/** A gesture is over when its events pause this long (a trackpad's inertia keeps sending them)... */
const WHEEL_QUIET_MS = 180;
/** ...or after this long in any case, so a long inertia tail can move on once more. */
const WHEEL_GESTURE_MAX_MS = 1000;
/** The part of a card that must be on screen for it to become the current one while scrolling freely. */
const VISIBLE_SHARE = 0.6;
/** Longest a scroll animation may take; a browser without `scrollend` lets the observer back in after it. */
const SCROLL_ANIMATION_MAX_MS = 1200;
/** A card that settles within this time of the finger lifting was asked for by that swipe. */
const SWIPE_SETTLE_MS = 1000;

export interface FeedCommands {
  /** Makes a post current. `requestedAt` is the time of the event that asked (for the first-frame measure). */
  activate(index: number, requestedAt: number): void;
  togglePlay(): void;
  toggleMute(): void;
  like(): void;
}

const editable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
/** A dialog over the feed takes the keys; the feed overlay, itself a dialog, holds the feed and keeps them. */
const dialogOver = (feed: RefObject<HTMLElement | null>) =>
  Array.from(document.querySelectorAll('dialog[open]')).some((dialog) => !feed.current || !dialog.contains(feed.current));
const pressable = (target: EventTarget | null) =>
  target instanceof HTMLElement && Boolean(target.closest('button, a, summary, [role="button"]'));

/**
 * Moves through the vertical feed. Keys (up/down, page up/down, j/k; space, m, l) and wheel gestures make
 * the next post current at once, before the scroll animation ends, so its video starts while the card
 * slides in; touch swipes use the browser's scroll snapping, and the post that settles into view becomes
 * current. Returns `goTo`, for the arrow buttons.
 */
export function useFeedNavigation(feed: RefObject<HTMLElement | null>, count: number, active: number, commands: FeedCommands) {
  const state = useRef({ active, count, commands });
  state.current = { active, count, commands };
  // While the feed scrolls to a post it already made current, cards passing by must not take over.
  const scrollingUntil = useRef(0);

  const goTo = useCallback(
    (index: number, requestedAt: number) => {
      const { count: total, commands: current } = state.current;
      const target = Math.max(0, Math.min(total - 1, index));
      const container = feed.current;
      const card = container?.children[target] as HTMLElement | undefined;
      if (!container || !card) return;
      if (target !== state.current.active) current.activate(target, requestedAt);
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      scrollingUntil.current = performance.now() + SCROLL_ANIMATION_MAX_MS;
      container.scrollTo({ top: card.offsetTop, behavior: smooth ? 'smooth' : 'instant' });
    },
    [feed],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: cards come and go with `count`, and each new one must be observed.
  useEffect(() => {
    const container = feed.current;
    if (!container) return;
    const settled = () => {
      scrollingUntil.current = 0;
    };
    // A swipe asks for the next post when the finger lifts; the snap animation that follows is part of the wait.
    let liftedAt = Number.NEGATIVE_INFINITY;
    const lifted = (event: TouchEvent) => {
      liftedAt = event.timeStamp;
    };
    const requestTime = () => {
      const now = performance.now();
      return now - liftedAt < SWIPE_SETTLE_MS ? liftedAt : now;
    };
    // Where the browser supports it, the snap target is known as soon as the finger lifts, before the
    // snap animation carries the card in: the next video can start then rather than when it is in view.
    const snapping = (event: Event) => {
      const target = (event as Event & { snapTargetBlock?: Element | null }).snapTargetBlock;
      const index = target ? Array.prototype.indexOf.call(container.children, target) : -1;
      if (index >= 0 && index !== state.current.active && performance.now() >= scrollingUntil.current)
        state.current.commands.activate(index, requestTime());
    };
    container.addEventListener('scrollend', settled);
    container.addEventListener('touchend', lifted, { passive: true });
    container.addEventListener('scrollsnapchanging', snapping);
    const observer = new IntersectionObserver(
      (entries) => {
        if (performance.now() < scrollingUntil.current) return;
        for (const entry of entries) {
          if (entry.intersectionRatio < VISIBLE_SHARE) continue;
          const index = Array.prototype.indexOf.call(container.children, entry.target);
          if (index >= 0 && index !== state.current.active) state.current.commands.activate(index, requestTime());
        }
      },
      { root: container, threshold: [VISIBLE_SHARE] },
    );
    for (const card of container.children) observer.observe(card);
    return () => {
      observer.disconnect();
      container.removeEventListener('scrollend', settled);
      container.removeEventListener('touchend', lifted);
      container.removeEventListener('scrollsnapchanging', snapping);
    };
  }, [feed, count]);

  useEffect(() => {
    const container = feed.current;
    if (!container) return;
    let sum = 0;
    let gestureStart = 0;
    let lastEvent = 0;
    let moved = false;
    const onWheel = (event: WheelEvent) => {
      // Sideways gestures belong to an image set's strip; pinch-zoom arrives as a wheel with ctrlKey.
      if (event.ctrlKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) return;
      // A feed of one post (the post page) has nowhere to go: the page around it scrolls.
      if (state.current.count < 2) return;
      event.preventDefault();
      const now = event.timeStamp;
      if (now - lastEvent > WHEEL_QUIET_MS || now - gestureStart > WHEEL_GESTURE_MAX_MS) {
        sum = 0;
        moved = false;
        gestureStart = now;
      }
      lastEvent = now;
      if (moved) return;
      sum += event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 16 : event.deltaY;
      if (Math.abs(sum) < WHEEL_STEP_PX) return;
      moved = true;
      goTo(state.current.active + Math.sign(sum), now);
    };
    container.addEventListener('wheel', onWheel, { passive: false });
    return () => container.removeEventListener('wheel', onWheel);
  }, [feed, goTo]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (editable(event.target) || dialogOver(feed)) return;
      const { active: current, commands: actions } = state.current;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const step = { ArrowDown: 1, PageDown: 1, j: 1, ArrowUp: -1, PageUp: -1, k: -1 }[key];
      if (step !== undefined) {
        if (state.current.count < 2) return;
        goTo(current + step, event.timeStamp);
      } else if (key === ' ' && !pressable(event.target)) actions.togglePlay();
      else if (key === 'm') actions.toggleMute();
      else if (key === 'l') actions.like();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [feed, goTo]);

  return goTo;
}
