import { expect, test } from 'vitest';
import { robotsTxt, sitemapXml } from './seo-files';

const base = 'https://velvet.example';

test('robots.txt hides the APIs and private pages exactly, and points to the sitemap', () => {
  const robots = robotsTxt(base);
  expect(robots).toMatch(/^User-agent: \*\n/);
  for (const rule of [
    'Disallow: /api/',
    'Disallow: /media-api/',
    'Disallow: /login$',
    'Disallow: /login?',
    'Disallow: /notifications/',
  ])
    expect(robots.split('\n')).toContain(rule);
  expect(robots.split('\n')).not.toContain('Disallow: /login');
  expect(robots).toContain(`Sitemap: ${base}/sitemap.xml`);
});

test('the sitemap lists every page in every language and without one', async () => {
  const api = async () => {
    throw new Error('static pages need no API');
  };
  const xml = await sitemapXml({ baseUrl: base, api });
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  for (const path of ['/', '/gay', '/popular-trans', '/legal/terms2257', '/contact-us'])
    expect(xml).toContain(`<loc>${base}${path}</loc>`);
  expect(xml).toContain(`<loc>${base}/legal/privacy-policy?lang=ja</loc>`);
  expect(xml).not.toContain('/settings');
  const pages = xml.match(/<loc>[^<?]*<\/loc>/g) ?? [];
  expect(xml.match(/<loc>/g)).toHaveLength(pages.length * 23);
});

test('sections from the database join the same list, escaped', async () => {
  const xml = await sitemapXml({ baseUrl: base, api: async <T>() => ({}) as T }, [async () => ['/tag/r&b']]);
  expect(xml).toContain(`<loc>${base}/tag/r&amp;b?lang=de</loc>`);
});
