import { useMatches } from 'react-router';

/** The layouts of spec §2; a route picks one through its `handle`, children inherit their parent's. */
export type Layout = 'desktop' | 'desktop-empty' | 'desktop-feed' | 'embed' | 'empty' | 'mobile' | 'default' | 'static';

export interface RouteHandle {
  readonly layout?: Layout;
}

/** Which chrome surrounds the page, and how wide its content may grow. */
export interface LayoutFrame {
  readonly chrome: 'full' | 'top-bar' | 'none';
  readonly width: 'feed' | 'column' | 'reading' | 'narrow';
}

export const layoutFrames: Readonly<Record<Layout, LayoutFrame>> = {
  default: { chrome: 'full', width: 'column' },
  desktop: { chrome: 'full', width: 'column' },
  mobile: { chrome: 'full', width: 'column' },
  'desktop-feed': { chrome: 'full', width: 'feed' },
  static: { chrome: 'full', width: 'reading' },
  'desktop-empty': { chrome: 'top-bar', width: 'narrow' },
  embed: { chrome: 'none', width: 'feed' },
  empty: { chrome: 'none', width: 'narrow' },
};

/** The layout of the deepest matched route that names one. */
export function useLayout(): Layout {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const layout = (matches[index]?.handle as RouteHandle | undefined)?.layout;
    if (layout) return layout;
  }
  return 'default';
}
