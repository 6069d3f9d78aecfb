import { legalDocuments } from '../../../server/src/web/legal-documents.ts';
import type { PageKey } from '../i18n/config';
import type { CookieCategory } from './cookies';

export { legalDocuments };
export type LegalDocument = (typeof legalDocuments)[number];

/** Where each document's title and description live in the locale files. */
export const legalPageKeys: Readonly<Record<LegalDocument, PageKey>> = {
  terms: 'terms',
  'privacy-policy': 'privacyPolicy',
  'cookie-policy': 'cookiePolicy',
  takedown: 'takedown',
  terms2257: 'terms2257',
};

/** The static pages written as long text, beside the legal documents. */
export const staticPages = ['creators', 'partners', 'rewards-content', 'unsupported'] as const;
export type StaticPage = (typeof staticPages)[number];

export const staticPageKeys: Readonly<Record<StaticPage, PageKey>> = {
  creators: 'creators',
  partners: 'partners',
  'rewards-content': 'rewardsContent',
  unsupported: 'unsupported',
};

/** Every text kept under web/app/content/<language>/<name>.json. `common` holds the labels around them. */
export const contentNames = [...legalDocuments, ...staticPages, 'common'] as const;
export type ContentName = (typeof contentNames)[number];
export type DocumentName = Exclude<ContentName, 'common'>;

/**
 * One block of a section. Strings are paragraphs; every string may carry the inline markup of
 * components/legal/RichText: [label](/path), **bold** and {{placeholder}}.
 */
export type ContentBlock =
  | string
  | { readonly list: readonly string[] }
  | { readonly steps: readonly string[] }
  | { readonly note: string }
  /** A table the page builds from code, such as the cookie list generated from lib/cookies. */
  | { readonly table: 'cookies' };

export interface ContentSection {
  /** The anchor, the same in every language so links to a section survive a language switch. */
  readonly id: string;
  readonly heading: string;
  readonly blocks: readonly ContentBlock[];
}

export interface ContentDocument {
  /** The same as the page title in the locale files (pages.<key>.title), which navigation and <title> use. */
  readonly title: string;
  /** One sentence: the meta description and the line under the title in the /legal index. */
  readonly summary: string;
  /** ISO date of the last change of a legal document. */
  readonly updated?: string;
  readonly sections: readonly ContentSection[];
  /** Calls to action shown after the text, e.g. a link to /login. */
  readonly actions?: ReadonlyArray<{ readonly label: string; readonly href: string }>;
  /** Cookie policy only: what each cookie is for, by cookie name. */
  readonly cookiePurposes?: Readonly<Record<string, string>>;
}

/** Labels around the documents, in the same language as the text. */
export interface ContentLabels {
  readonly contents: string;
  /** "Last updated: {{date}}", the date written out in the document's language. */
  readonly lastUpdated: string;
  readonly sectionLink: string;
  readonly backToTop: string;
  readonly legalIntro: string;
  /** Neutral wording shown to visitors for an operator detail the operator has not set yet. */
  readonly unsetDetails: Readonly<Record<OperatorDetail, string>>;
  readonly cookieTable: {
    readonly caption: string;
    readonly name: string;
    readonly lifetime: string;
    readonly purpose: string;
    readonly none: string;
  };
}

/**
 * Values the texts quote as {{name}}: operator details from the server configuration and the upload
 * rules, formatted on the server in the page's language.
 */
export const placeholderNames = [
  'entityName',
  'entityAddress',
  'contactEmail',
  'governingLaw',
  'custodianName',
  'custodianAddress',
  'custodianEmail',
  'dmcaAgentName',
  'dmcaAgentAddress',
  'dmcaAgentPhone',
  'dmcaAgentEmail',
  'videoMinWidth',
  'videoMinHeight',
  'videoMinSeconds',
  'videoMaxDuration',
  'videoMaxSize',
  'imageMinSide',
  'imageMinRatio',
  'imageMaxRatio',
  'imageMaxSize',
  'imagesMin',
  'imagesMax',
] as const;
export type PlaceholderName = (typeof placeholderNames)[number];
export type OperatorDetail = Extract<
  PlaceholderName,
  | 'entityName'
  | 'entityAddress'
  | 'contactEmail'
  | 'governingLaw'
  | 'custodianName'
  | 'custodianAddress'
  | 'custodianEmail'
  | 'dmcaAgentName'
  | 'dmcaAgentAddress'
  | 'dmcaAgentPhone'
  | 'dmcaAgentEmail'
>;
export type PlaceholderValues = Readonly<Record<PlaceholderName, string>>;

/** The labels a content page shows (the /legal index's intro and the unset-detail wordings stay on the server). */
export type PageLabels = Pick<ContentLabels, 'contents' | 'sectionLink' | 'backToTop' | 'cookieTable'>;

/** A document as a page shows it: text, labels and values in one language, dates already written out. */
export interface PageContent {
  /** The locale the text is in: the visitor's, or en-US where a translation is missing. */
  readonly language: string;
  readonly dir: 'ltr' | 'rtl';
  readonly document: ContentDocument;
  readonly labels: PageLabels;
  /** Only the placeholders the document's text (and its cookie table's) uses: a page carries nothing it does not show. */
  readonly values: Partial<PlaceholderValues>;
  /** "Last updated: 23 November 2026" in the document's language, when the document is dated. */
  readonly updated?: string;
}

/** One row of the cookie policy's table, with its lifetime already written in the page's language. */
export interface CookieRow {
  readonly name: string;
  readonly category: CookieCategory;
  readonly lifetime: string;
}
