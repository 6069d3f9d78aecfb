import { describe, expect, test } from 'vitest';
import { bioWithTagLinks } from './bio-links';

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
