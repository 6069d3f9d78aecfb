import type { ServerContext } from '#server-context';
import {
  IMAGE_MAX_RATIO,
  IMAGE_MIN_RATIO,
  IMAGE_MIN_SIDE,
  IMAGES_MIN_PER_POST,
  VIDEO_MIN_HEIGHT,
  VIDEO_MIN_SECONDS,
  VIDEO_MIN_WIDTH,
} from '../../../server/src/media/upload-rules.ts';
import { unsetLegalDetails } from '../../../server/src/settings/legal-details.ts';
import { directionOf } from '../i18n/config';
import { pickLocale } from '../i18n/locale.server';
import { numberLocale } from '../lib/format-number';
import type {
  ContentDocument,
  ContentLabels,
  DocumentName,
  OperatorDetail,
  PageContent,
  PlaceholderValues,
} from '../lib/legal-documents';

// Long texts load on the server only, one file per request, so they never weigh on the client bundle.
const files = import.meta.glob<unknown>('./*/*.json', { import: 'default' });

const SOURCE_LANGUAGE = 'en';

async function read<T>(language: string, name: string): Promise<{ language: string; value: T }> {
  const own = files[`./${language}/${name}.json`];
  if (own) return { language, value: (await own()) as T };
  const source = files[`./${SOURCE_LANGUAGE}/${name}.json`];
  if (!source) throw new Error(`No content named ${name}`);
  return { language: SOURCE_LANGUAGE, value: (await source()) as T };
}

/** The operator's details, with a neutral wording in place of each one still at its note-to-the-operator default. */
function operatorDetails(legal: ServerContext['legal'], labels: ContentLabels) {
  const details: Record<OperatorDetail, string> = { ...legal };
  for (const { detail } of unsetLegalDetails(legal)) details[detail] = labels.unsetDetails[detail];
  return details;
}

// Making the Intl formats cost a content page more than rendering it; the values change only with the settings,
// whose legal details and upload limits come from one config object per process (the cache's key).
const placeholderCache = new WeakMap<ServerContext['legal'], Map<string, PlaceholderValues>>();

/** The placeholder values, made once per settings object, page language (its labels) and text locale. */
function placeholderValues(
  server: Pick<ServerContext, 'legal' | 'uploadLimits'>,
  labels: ContentLabels,
  locale: string,
  pageLanguage: string,
): PlaceholderValues {
  let byLocale = placeholderCache.get(server.legal);
  if (!byLocale) {
    byLocale = new Map();
    placeholderCache.set(server.legal, byLocale);
  }
  const key = `${locale} ${pageLanguage}`;
  let values = byLocale.get(key);
  if (!values) {
    values = formatPlaceholderValues(server, labels, locale);
    byLocale.set(key, values);
  }
  return values;
}

function formatPlaceholderValues(
  server: Pick<ServerContext, 'legal' | 'uploadLimits'>,
  labels: ContentLabels,
  locale: string,
): PlaceholderValues {
  const number = new Intl.NumberFormat(numberLocale(locale));
  const unit = (value: number, unit: string, unitDisplay: 'long' | 'short' = 'long') =>
    new Intl.NumberFormat(numberLocale(locale), { style: 'unit', unit, unitDisplay, maximumFractionDigits: 1 }).format(value);
  const size = (bytes: number) =>
    bytes >= 1024 ** 3 ? unit(bytes / 1024 ** 3, 'gigabyte', 'short') : unit(bytes / 1024 ** 2, 'megabyte', 'short');
  const { maxVideoSeconds, maxVideoBytes, maxImageBytes, maxImagesPerPost } = server.uploadLimits;
  return {
    ...operatorDetails(server.legal, labels),
    videoMinWidth: number.format(VIDEO_MIN_WIDTH),
    videoMinHeight: number.format(VIDEO_MIN_HEIGHT),
    videoMinSeconds: unit(VIDEO_MIN_SECONDS, 'second'),
    videoMaxDuration: maxVideoSeconds % 60 === 0 ? unit(maxVideoSeconds / 60, 'minute') : unit(maxVideoSeconds, 'second'),
    videoMaxSize: size(maxVideoBytes),
    imageMinSide: number.format(IMAGE_MIN_SIDE),
    imageMinRatio: number.format(IMAGE_MIN_RATIO),
    imageMaxRatio: number.format(IMAGE_MAX_RATIO),
    imageMaxSize: size(maxImageBytes),
    imagesMin: number.format(IMAGES_MIN_PER_POST),
    imagesMax: number.format(maxImagesPerPost),
  };
}

function pageLocale(request: Request, server: ServerContext): string {
  return pickLocale(request, server.defaultLocale).locale;
}

/** The document in the visitor's language (English when a translation is missing), ready to render. */
export async function loadPageContent(request: Request, server: ServerContext, name: DocumentName): Promise<PageContent> {
  const locale = pageLocale(request, server);
  const [{ language, value: document }, { value: labels }] = await Promise.all([
    read<ContentDocument>(locale.slice(0, 2), name),
    read<ContentLabels>(locale.slice(0, 2), 'common'),
  ]);
  // Dates and numbers follow the language the text is in, so a fallback stays consistent.
  const textLocale = language === locale.slice(0, 2) ? locale : 'en-US';
  const updated = document.updated
    ? labels.lastUpdated.replace(
        '{{date}}',
        new Intl.DateTimeFormat(numberLocale(textLocale), { dateStyle: 'long', timeZone: 'UTC' }).format(
          new Date(document.updated),
        ),
      )
    : undefined;
  const { contents, sectionLink, backToTop, cookieTable } = labels;
  return {
    language: textLocale,
    dir: directionOf(textLocale),
    document,
    labels: { contents, sectionLink, backToTop, cookieTable },
    values: valuesUsedBy(document, placeholderValues(server, labels, textLocale, locale.slice(0, 2))),
    ...(updated ? { updated } : {}),
  };
}

/**
 * The placeholder values a document shows: every page's loader data is inlined in its HTML, and most
 * documents use none of the operator's details (issue 23, page weight). The cookie table's purposes are
 * part of the document, so its placeholders are found the same way.
 */
function valuesUsedBy(document: ContentDocument, values: PlaceholderValues): Partial<PlaceholderValues> {
  const used = placeholdersOf.get(document) ?? findPlaceholders(document, Object.keys(values));
  return Object.fromEntries(Object.entries(values).filter(([name]) => used.has(name)));
}

/** The placeholders each document uses: documents are loaded once and never change, so each is read once. */
const placeholdersOf = new WeakMap<ContentDocument, Set<string>>();

function findPlaceholders(document: ContentDocument, names: readonly string[]): Set<string> {
  const text = JSON.stringify(document);
  const used = new Set(names.filter((name) => text.includes(`{{${name}}}`)));
  placeholdersOf.set(document, used);
  return used;
}

/** The title and summary of several documents, for the /legal index. */
export async function loadSummaries(request: Request, server: ServerContext, names: readonly DocumentName[]) {
  const locale = pageLocale(request, server);
  const [labels, ...documents] = await Promise.all([
    read<ContentLabels>(locale.slice(0, 2), 'common'),
    ...names.map((name) => read<ContentDocument>(locale.slice(0, 2), name)),
  ]);
  const language = labels.language === locale.slice(0, 2) ? locale : 'en-US';
  return {
    language,
    dir: directionOf(language),
    intro: labels.value.legalIntro,
    documents: names.map((name, index) => {
      const { title, summary } = (documents[index] as { value: ContentDocument }).value;
      return { name, title, summary };
    }),
  };
}
