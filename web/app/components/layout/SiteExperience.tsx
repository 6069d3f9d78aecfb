import { type ReactNode, useState } from 'react';
import { useRootData } from '../../lib/root-data';
import { AgeGate } from '../consent/AgeGate';
import { ConsentBanner } from '../consent/ConsentBanner';
import { SiteDialogs } from '../dialogs/SiteDialogs';
import { useLandingQuery } from './useLandingQuery';
import { usePageTransitions } from './usePageTransitions';

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
      {/* Eager on purpose: a lazily hydrated gate or banner would drop a click made before its code arrived. */}
      {ageConfirmed ? <ConsentBanner /> : <AgeGate onConfirm={() => setAgeConfirmed(true)} />}
    </SiteDialogs>
  );
}
