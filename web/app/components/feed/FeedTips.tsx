import { lazy, Suspense, useEffect, useState } from 'react';
import { type CookieName, readCookie } from '../../lib/cookies';
import { readTabValue, writeTabValue } from '../../lib/tab-storage';
import { useConsent } from '../consent/ConsentProvider';

// A tip shows after hydration, over the page: its view loads then, off the first load's critical path
// (bench/src/first-load-js.ts), and not at all for the visitors who have seen it.
const SwipeTutorial = lazy(() => import('./FeedTipViews').then((module) => ({ default: module.SwipeTutorial })));
const KeyboardTip = lazy(() => import('./FeedTipViews').then((module) => ({ default: module.KeyboardTip })));

/** Spec §9 breakpoint: at most this wide is a phone layout. */
const PHONE_MAX_WIDTH = 945;

type Tip = 'swipe' | 'keys';
const COOKIE_OF: Record<Tip, CookieName> = { swipe: 'sawTutorial', keys: 'keyboardTutorial' };

/** The tip this visitor has not seen yet: swiping on phones, the keyboard on desktops with a mouse. */
function pendingTip(): Tip | undefined {
  const phone = window.matchMedia(`(max-width: ${PHONE_MAX_WIDTH}px)`).matches;
  const keyboard = !phone && window.matchMedia('(hover: hover) and (pointer: fine)').matches;
  const tip: Tip | undefined = phone ? 'swipe' : keyboard ? 'keys' : undefined;
  if (!tip) return undefined;
  const cookie = COOKIE_OF[tip];
  // Without preference consent the cookie is not kept: the tab remembers instead, so it shows once a visit.
  return readCookie(document.cookie, cookie) || readTabValue(`velvet.${cookie}`) ? undefined : tip;
}

/**
 * First-visit tips over a feed (the cookies sawTutorial and keyboardTutorial of spec §3): on a phone a
 * swipe-up introduction, on a desktop the keyboard shortcuts. Shown after hydration, over the page, so
 * nothing moves; dismissed with its button (or, for the swipe one, a tap anywhere or Escape).
 */
export function FeedTips() {
  const [tip, setTip] = useState<Tip>();
  const { remember } = useConsent();
  useEffect(() => setTip(pendingTip()), []);
  if (!tip) return null;
  const dismiss = () => {
    remember(COOKIE_OF[tip], '1');
    writeTabValue(`velvet.${COOKIE_OF[tip]}`, '1');
    setTip(undefined);
  };
  return (
    <Suspense fallback={null}>{tip === 'swipe' ? <SwipeTutorial onDone={dismiss} /> : <KeyboardTip onDone={dismiss} />}</Suspense>
  );
}
