import { useRouteLoaderData } from 'react-router';
import type { AgeAssuranceStatus } from '../../../server/src/compliance/age-assurance/age-assurance-schema.ts';
import type { OrientationValue } from '../../../server/src/settings/orientation.ts';
import type { LocaleBundle } from '../i18n/config';
import type { Consent } from './cookies';
import type { LinkParameters } from './query-handling';
import type { ViewerData } from './session.server';
import type { Accent, ThemeMode } from './theme';

/** GET /api/settings (spec §3), as the root loader passes it to every page. */
export interface SiteSettings {
  readonly country: { readonly code: string; readonly name: string; readonly priority?: number };
  readonly languages: ReadonlyArray<{
    readonly bcp47: string;
    readonly name: string;
    readonly acceptHeader: string;
    readonly locale: string;
    readonly dir: 'ltr' | 'rtl';
  }>;
  readonly lgbt_triggers: Readonly<Record<string, readonly string[]>>;
  readonly regExpUsername: string;
  readonly minResults: number;
}

/** What the root loader gives every page. */
export interface RootData extends LocaleBundle, ViewerData {
  readonly theme: ThemeMode;
  readonly accent: Accent;
  /** Undefined until the visitor has answered the consent banner. */
  readonly consent: Consent | undefined;
  readonly ageConfirmed: boolean;
  /** What the law where the visitor is asks before explicit media (compliance/age-assurance); undefined when unknown. */
  readonly ageAssurance: Omit<AgeAssuranceStatus, 'statusCode'> | undefined;
  readonly signedIn: boolean;
  /** The visitor's orientation from lgbtPreference (spec §4), for pages that have no site variants. */
  readonly lgbtPreference: OrientationValue;
  /** Undefined when the settings could not be loaded: the site shows its "being updated" page. */
  readonly settings: SiteSettings | undefined;
  readonly link: LinkParameters;
  /** The site's public origin (server config BASE_URL), for canonical and share URLs. */
  readonly baseUrl: string;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
