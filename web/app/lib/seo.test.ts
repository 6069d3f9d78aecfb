import { describe, expect, test } from 'vitest';
import { canonicalUrl, languageAlternates, mergeMeta, shareMeta, videoShareMeta } from './seo';

const base = 'https://velvet.example';
const at = (address: string) => {
  const url = new URL(address, base);
  return { pathname: url.pathname, search: url.search };
};

describe('canonical addresses', () => {
  test('keep only what selects the content, and send aliases to the main page', () => {
    expect(canonicalUrl(base, at('/'))).toBe(`${base}/`);
    expect(canonicalUrl(base, at('/video?id=42&playlist=7&utm_source=x'))).toBe(`${base}/video?id=42`);
    expect(canonicalUrl(base, at('/search/?q=cats&country=DE'))).toBe(`${base}/search?q=cats`);
    expect(canonicalUrl(base, at('/contact'))).toBe(`${base}/contact-us`);
    expect(canonicalUrl(base, at('/terms'))).toBe(`${base}/legal/terms`);
  });

  test('a supported ?lang makes its own language version canonical; an unknown one is dropped', () => {
    expect(canonicalUrl(base, at('/creators?lang=de-DE'))).toBe(`${base}/creators?lang=de`);
    expect(canonicalUrl(base, at('/video?id=1&lang=ar'))).toBe(`${base}/video?id=1&lang=ar`);
    expect(canonicalUrl(base, at('/creators?lang=xx'))).toBe(`${base}/creators`);
  });
});

test('language alternates: the 22 languages by ?lang, and the bare address as x-default', () => {
  const alternates = languageAlternates(base, at('/popular?lang=fr&go=1'));
  expect(alternates).toHaveLength(23);
  expect(alternates).toContainEqual({ hreflang: 'cs', href: `${base}/popular?lang=cs` });
  expect(alternates).toContainEqual({ hreflang: 'x-default', href: `${base}/popular` });
});

describe('share tags', () => {
  const defaults = shareMeta({ baseUrl: base, url: `${base}/`, title: 'For you', description: 'Videos', locale: 'pt-BR' });

  test('Open Graph defaults with the 600x800 share image and a large card', () => {
    expect(defaults).toContainEqual({ property: 'og:image', content: `${base}/social-card.png` });
    expect(defaults).toContainEqual({ property: 'og:image:height', content: '800' });
    expect(defaults).toContainEqual({ property: 'og:locale', content: 'pt_BR' });
    expect(defaults).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
  });

  test('a post replaces the defaults with its poster and the 720x1150 player, without duplicates', () => {
    const video = videoShareMeta({
      videoUrl: `${base}/media/a.mp4`,
      posterUrl: `${base}/media/a.jpg`,
      posterWidth: 720,
      posterHeight: 1280,
      playerUrl: `${base}/embed/1`,
    });
    const merged = mergeMeta(defaults, video) as Record<string, string>[];
    const value = (key: string) => merged.filter((tag) => (tag.property ?? tag.name) === key).map((tag) => tag.content);
    expect(value('og:image')).toEqual([`${base}/media/a.jpg`]);
    expect(value('og:type')).toEqual(['video.other']);
    expect(value('twitter:card')).toEqual(['player']);
    expect(value('twitter:player:height')).toEqual(['1150']);
    expect(value('og:video:width')).toEqual(['720']);
  });
});
