import type { PageKey } from '../i18n/config';

/** Documents under /legal, each also served at a top-level alias (/terms, /cookie-policy, ...). */
export const legalDocuments = ['terms', 'privacy-policy', 'cookie-policy', 'takedown', 'terms2257'] as const;
export type LegalDocument = (typeof legalDocuments)[number];

/** Where each document's title and description live in the locale files. */
export const legalPageKeys: Readonly<Record<LegalDocument, PageKey>> = {
  terms: 'terms',
  'privacy-policy': 'privacyPolicy',
  'cookie-policy': 'cookiePolicy',
  takedown: 'takedown',
  terms2257: 'terms2257',
};
