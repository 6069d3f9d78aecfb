import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useRootData } from '../../lib/root-data';
import { SiteDialogs } from '../dialogs/SiteDialogs';
import { useLandingQuery } from './useLandingQuery';
import { usePageTransitions } from './usePageTransitions';

// Server-rendered, but their code loads on its own: a returning visitor (age confirmed, cookies chosen)
// never downloads it, and a new one can already read the page while it arrives.
const AgeGate = lazy(() => import('../consent/AgeGate').then((module) => ({ default: module.AgeGate })));
const ConsentBanner = lazy(() => import('../consent/ConsentBanner').then((module) => ({ default: module.ConsentBanner })));

/**
 * What every page shares around its content: the age gate, then the cookie banner, the site dialogs,
 * the handling of landing query parameters and the page transitions. While the gate is up the page is
 * inert: present for crawlers and after confirming, unreachable by keyboard and screen readers before.
 */
export function SiteExperience({ children }: { children: ReactNode }) {
  const [ageConfirmed, setAgeConfirmed] = useState(useRootData()?.ageConfirmed ?? false);
  useLandingQuery();
  usePageTransitions();
  return (
    <SiteDialogs>
      <div inert={!ageConfirmed} style={{ display: 'contents' }}>
        {children}
      </div>
      <Suspense>{ageConfirmed ? <ConsentBanner /> : <AgeGate onConfirm={() => setAgeConfirmed(true)} />}</Suspense>
    </SiteDialogs>
  );
}
