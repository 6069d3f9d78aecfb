import { expect, test } from 'vitest';
import { loadLocaleBundle } from '../i18n/locale.server';
import de from '../i18n/locales/de.json';
import { cutDescription, pageMeta } from './meta';

test('meta descriptions are cut at 420 characters', () => {
  expect(cutDescription('short')).toBe('short');
  const cut = cutDescription('é'.repeat(500));
  expect(Array.from(cut)).toHaveLength(420);
  expect(cut.endsWith('…')).toBe(true);
});

test('pages carry their canonical address, language alternates and share tags from the root data', async () => {
  const root = { id: 'root', loaderData: { ...(await loadLocaleBundle('de-DE')), baseUrl: 'https://velvet.example' } };
  const tags = pageMeta({ matches: [root], location: { pathname: '/contact', search: '?lang=de&utm_source=x' } }, 'contactUs');
  expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://velvet.example/contact-us?lang=de' });
  expect(tags).toContainEqual({
    tagName: 'link',
    rel: 'alternate',
    hrefLang: 'x-default',
    href: 'https://velvet.example/contact-us',
  });
  expect(tags).toContainEqual({ property: 'og:title', content: de.pages.contactUs.title });
  expect(tags).toContainEqual({ property: 'og:locale', content: 'de_DE' });
  expect(tags.filter((tag) => 'tagName' in tag && tag.rel === 'alternate')).toHaveLength(23);
});

test('without root data (the root loader failed) only the title and description remain', () => {
  const tags = pageMeta({ matches: [], location: { pathname: '/', search: '' } }, 'home');
  expect(tags).toHaveLength(2);
});
