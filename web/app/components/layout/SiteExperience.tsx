import { type ReactNode, useState } from 'react';
import { useLocation } from 'react-router';
import { type RootData, useRootData } from '../../lib/root-data';
import { AgeCheckGate } from '../age-assurance/AgeCheckGate';
import { AgeGate } from '../consent/AgeGate';
import { ConsentBanner } from '../consent/ConsentBanner';
import { SiteDialogs } from '../dialogs/SiteDialogs';
import { useLandingQuery } from './useLandingQuery';
import { usePageTransitions } from './usePageTransitions';

/** The built-in test provider's page (routes/age-check-test-provider.tsx). */
const AGE_CHECK_STEP = '/age-check/test-provider';

/**
 * A guest performer's release (routes/release.tsx) shows no media at all, and the person signing it proves
 * their age with an ID there: a viewer's age check would only stand in their way.
 */
const RELEASE_PAGE = /^\/release\//;

/**
 * Which gate covers the page: where the law asks for a provider's check, the click is not enough
 * (compliance/age-assurance); the provider's own step and a blocked place's notice show none, and a page
 * without media asks only for the click.
 */
function gateFor(assurance: RootData['ageAssurance'], ageConfirmed: boolean, pathname: string): 'check' | 'click' | undefined {
  if (assurance?.requirement === 'blocked' || pathname === AGE_CHECK_STEP) return undefined;
  if (assurance?.requirement === 'provider' && !RELEASE_PAGE.test(pathname)) return assurance.passed ? undefined : 'check';
  return ageConfirmed ? undefined : 'click';
}

/**
 * What every page shares around its content: the age gate, then the cookie banner, the site dialogs,
 * the handling of landing query parameters and the page transitions. While the gate is up the page is
 * inert: present for crawlers and after confirming, unreachable by keyboard and screen readers before.
 */
export function SiteExperience({ children }: { children: ReactNode }) {
  const root = useRootData();
  const [ageConfirmed, setAgeConfirmed] = useState(root?.ageConfirmed ?? false);
  const { pathname } = useLocation();
  useLandingQuery();
  usePageTransitions();
  const gate = gateFor(root?.ageAssurance, ageConfirmed, pathname);
  return (
    <SiteDialogs>
      {/* Behind the provider's check nothing renders: no player asks for media the server refuses until it passes. */}
      {gate !== 'check' && (
        <div inert={gate !== undefined} style={{ display: 'contents' }}>
          {children}
        </div>
      )}
      {/* Eager on purpose: a lazily hydrated gate or banner would drop a click made before its code arrived. */}
      {gate === 'check' && <AgeCheckGate />}
      {gate === 'click' && <AgeGate onConfirm={() => setAgeConfirmed(true)} />}
      {/* Neither a blocked place's notice nor the provider's step (a vendor's page, in production) asks. */}
      {gate === undefined && root?.ageAssurance?.requirement !== 'blocked' && pathname !== AGE_CHECK_STEP && <ConsentBanner />}
    </SiteDialogs>
  );
}
