import { describe, expect, test } from 'vitest';
import type { ServerContext } from '#server-context';
import { buildConfig, parseSettings } from '../../../server/src/config.ts';
import { contentMeta } from '../components/legal/content-meta';
import { loadLocaleBundle } from '../i18n/locale.server';
import de from '../i18n/locales/de.json';
import { type ContentLabels, legalDocuments } from '../lib/legal-documents';
import { loadPageContent, loadSummaries } from './content.server';

const legal = {
  entityName: 'Velvet Media s.r.o.',
  entityAddress: 'Náměstí 1, 110 00 Praha',
  contactEmail: 'legal@velvet.example',
  governingLaw: 'the laws of the Czech Republic; the courts of Prague',
  custodianName: 'Jana Nováková, Custodian of Records',
  custodianAddress: 'Náměstí 1, 110 00 Praha',
  custodianEmail: 'records@velvet.example',
  dmcaAgentName: 'Petr Svoboda',
  dmcaAgentAddress: 'Náměstí 1, 110 00 Praha',
  dmcaAgentPhone: '+420 200 000 000',
  dmcaAgentEmail: 'copyright@velvet.example',
};

const server = {
  defaultLocale: 'en-US',
  legal,
  uploadLimits: { maxVideoBytes: 2 * 1024 ** 3, maxVideoSeconds: 600, maxImageBytes: 30 * 1024 ** 2, maxImagesPerPost: 20 },
} as unknown as ServerContext;

const page = (query = '', headers: Record<string, string> = {}) =>
  new Request(`http://velvet.test/legal/terms${query}`, { headers });

describe('loadPageContent', () => {
  test('gives the text in the visitor language with the operator details from the configuration', async () => {
    const content = await loadPageContent(page('?lang=de'), server, 'terms2257');
    expect(content).toMatchObject({ language: 'de-DE', dir: 'ltr' });
    expect(content.document.title).toBe(de.pages.terms2257.title);
    expect(content.values).toEqual({
      entityName: legal.entityName,
      custodianName: legal.custodianName,
      custodianAddress: legal.custodianAddress,
      custodianEmail: legal.custodianEmail,
    });
    expect(content.updated).toBe('Zuletzt aktualisiert: 27. November 2026');
  });

  test('a page carries only the placeholder values and labels its document shows (its data is inlined in the HTML)', async () => {
    const unsupported = await loadPageContent(page(), server, 'unsupported');
    expect(unsupported.values).toEqual({});
    expect(Object.keys(unsupported.labels).sort()).toEqual(['backToTop', 'contents', 'cookieTable', 'sectionLink']);
    const terms = await loadPageContent(page(), server, 'terms');
    const text = JSON.stringify(terms.document);
    for (const name of Object.keys(legal)) {
      expect(name in terms.values, name).toBe(text.includes(`{{${name}}}`));
    }
    expect(terms.values.governingLaw).toBe(legal.governingLaw);
  });

  test('writes the upload rules in the page language', async () => {
    const german = await loadPageContent(page('', { 'accept-language': 'de-DE,de;q=0.9' }), server, 'creators');
    expect(german.values).toMatchObject({ imageMinRatio: '0,4', imageMaxRatio: '2,5', videoMinWidth: '480', imagesMax: '20' });
    expect(german.values.videoMaxDuration).toBe('10 Minuten');
    expect(german.values.videoMaxSize).toMatch(/^2\sGB$/);
    expect(german.updated).toBeUndefined();
    const english = await loadPageContent(page(), server, 'creators');
    expect(english.values).toMatchObject({ imageMinRatio: '0.4', videoMinSeconds: '2 seconds' });
    expect(english.values.imageMaxSize).toMatch(/^30\sMB$/);
  });

  test('Arabic, Persian and Hebrew documents read right to left', async () => {
    for (const lang of ['ar', 'fa', 'he']) {
      const content = await loadPageContent(page(`?lang=${lang}`), server, 'privacy-policy');
      expect(content.dir, lang).toBe('rtl');
      expect(content.language.startsWith(lang)).toBe(true);
    }
  });
});

test('the /legal index lists every document with its summary', async () => {
  const index = await loadSummaries(page('?lang=ja'), server, legalDocuments);
  expect(index.documents.map((document) => document.name)).toEqual([...legalDocuments]);
  for (const document of index.documents) expect(document.summary.length).toBeGreaterThan(20);
  expect(index.intro).toMatch(/Velvet/);
});

test('a content page is described by its own summary, cut at 420 characters', async () => {
  const content = await loadPageContent(page('?lang=de'), server, 'terms');
  const root = { id: 'root', loaderData: { ...(await loadLocaleBundle('de-DE')), baseUrl: 'https://velvet.example' } };
  const long = { ...content, document: { ...content.document, summary: 'x'.repeat(500) } };
  const tags = contentMeta({ matches: [root], location: { pathname: '/terms', search: '' }, loaderData: content }, 'terms');
  expect(tags).toContainEqual({ name: 'description', content: content.document.summary });
  expect(tags).toContainEqual({ property: 'og:description', content: content.document.summary });
  expect(tags).toContainEqual({ title: `${de.pages.terms.title} · Velvet` });
  const cut = contentMeta({ matches: [root], location: { pathname: '/terms', search: '' }, loaderData: long }, 'terms');
  const description = cut.find((tag) => 'name' in tag && tag.name === 'description') as { content: string };
  expect(Array.from(description.content)).toHaveLength(420);
});

test('a content page kept out of search results has its title, description and noindex, and no alternates', async () => {
  const content = await loadPageContent(page(), server, 'unsupported');
  const root = { id: 'root', loaderData: { ...(await loadLocaleBundle('en-US')), baseUrl: 'https://velvet.example' } };
  const args = { matches: [root], location: { pathname: '/unsupported', search: '' }, loaderData: content };
  expect(contentMeta(args, 'unsupported', { indexed: false })).toEqual([
    { title: `${content.document.title} · Velvet` },
    { name: 'description', content: content.document.summary },
    { name: 'robots', content: 'noindex' },
  ]);
  expect(contentMeta(args, 'unsupported')).toContainEqual(expect.objectContaining({ rel: 'alternate', hrefLang: 'x-default' }));
});

test('visitors never see the note-to-the-operator defaults, but a neutral wording in their language', async () => {
  const unset = { ...server, legal: buildConfig(parseSettings({ LEGAL_ENTITY_NAME: 'Velvet Media s.r.o.' })).legal };
  for (const lang of ['en', 'ar', 'de']) {
    const content = await loadPageContent(page(`?lang=${lang}`), unset, 'terms');
    const labels = (await import(`./${lang}/common.json`)).default as ContentLabels;
    expect(content.values.entityName, lang).toBe('Velvet Media s.r.o.');
    expect(content.values).toMatchObject({
      entityAddress: labels.unsetDetails.entityAddress,
      contactEmail: labels.unsetDetails.contactEmail,
      governingLaw: labels.unsetDetails.governingLaw,
    });
    for (const value of Object.values(content.values)) expect(value, lang).not.toMatch(/\[|set [A-Z_]+/);
  }
});
