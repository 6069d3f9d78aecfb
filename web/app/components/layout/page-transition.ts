/**
 * The page transitions of spec §2. `page` is a cross-fade between sections of the main navigation;
 * `page-forward` slides the new page in from the inline end (deeper into the site); `page-back` slides
 * it back from the inline start; `ios-page-back` is a back navigation that iOS Safari already animated
 * with its own edge-swipe gesture, so the site adds no animation of its own (two slides would stack).
 */
export type PageTransition = 'page' | 'page-forward' | 'page-back' | 'ios-page-back';

/** How close to the screen edge a touch must start to be Safari's back-swipe gesture, in CSS pixels. */
export const EDGE_SWIPE_PX = 24;
/** A back navigation this soon after an edge touch ended is the gesture's. */
export const EDGE_SWIPE_WINDOW_MS = 800;

export interface HistoryMove {
  /** History indexes of the page being left and of the page arriving (undefined when unknown). */
  readonly fromIndex: number | undefined;
  readonly toIndex: number | undefined;
  readonly isIOS: boolean;
  /** Milliseconds since a touch that began at the screen edge ended, or undefined for none. */
  readonly sinceEdgeTouch: number | undefined;
}

/** The transition of a browser history move (back or forward button, gesture, `navigate(-1)`). */
export function transitionForHistoryMove({ fromIndex, toIndex, isIOS, sinceEdgeTouch }: HistoryMove): PageTransition {
  const back = fromIndex !== undefined && toIndex !== undefined ? toIndex < fromIndex : true;
  if (!back) return 'page-forward';
  const gesture = isIOS && sinceEdgeTouch !== undefined && sinceEdgeTouch <= EDGE_SWIPE_WINDOW_MS;
  return gesture ? 'ios-page-back' : 'page-back';
}

/** The transition of a followed link: a cross-fade between main sections, else a step forward. */
export function transitionForLink(fromMainNavigation: boolean): PageTransition {
  return fromMainNavigation ? 'page' : 'page-forward';
}

/** Whether a click on a link is one the router will turn into an in-app navigation to another page. */
export function isInAppNavigation(
  click: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; defaultPrevented: boolean },
  link: { href: string; target: string; hasDownload: boolean },
  current: URL,
): boolean {
  if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey)
    return false;
  if ((link.target && link.target !== '_self') || link.hasDownload) return false;
  const destination = new URL(link.href, current);
  if (destination.origin !== current.origin) return false;
  return destination.pathname !== current.pathname || destination.search !== current.search;
}
