import { describe, expect, test } from 'vitest';
import { bioWithTagLinks } from './bio-links';
import { socialLinksOf, socialPlatforms } from './social-platforms';

describe('bioWithTagLinks', () => {
  test('links #tags and stored tag elements to tag pages, leaving existing links alone', () => {
    expect(bioWithTagLinks('Dancer <b>#Prague</b> and #ballet_2')).toBe(
      'Dancer <b><a href="/tag/prague" data-tag-link>#Prague</a></b> and <a href="/tag/ballet_2" data-tag-link>#ballet_2</a>',
    );
    expect(bioWithTagLinks('<tag id="4">Golden Hour</tag>')).toBe('<a href="/tag/goldenhour" data-tag-link>#Golden Hour</a>');
    expect(bioWithTagLinks('<a href="https://x.test/#top">see #here</a> #café', '-gay')).toBe(
      '<a href="https://x.test/#top">see #here</a> <a href="/tag-gay/cafe" data-tag-link>#café</a>',
    );
    expect(bioWithTagLinks('issue&#35;1 a#b')).toBe('issue&#35;1 a#b');
  });
});

describe('socialLinksOf', () => {
  test('builds links for known platforms and drops unknown or unsafe handles', () => {
    expect(Object.keys(socialPlatforms).length).toBeGreaterThanOrEqual(35);
    expect(socialLinksOf({ ig: '@lena.moves', zz: 'x', tw: 'bad handle', ws: 'lena.example.com' })).toEqual([
      { code: 'ig', name: 'Instagram', label: '@lena.moves', href: 'https://www.instagram.com/lena.moves' },
      { code: 'ws', name: 'Website', label: 'lena.example.com', href: 'https://lena.example.com' },
    ]);
  });
});
