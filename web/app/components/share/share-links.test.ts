import { describe, expect, test } from 'vitest';
import { embedCode, embedHeight, platformShareUrl, sharePlatforms, taggedLink } from './share-links';

const post = 'https://velvet.test/video?id=42&title=beach-day';

describe('utm tags (spec §9)', () => {
  test('source is the channel, medium share, campaign the kind; the post link stays intact', () => {
    const link = new URL(taggedLink(post, 'copy_link'));
    expect(link.pathname).toBe('/video');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      id: '42',
      title: 'beach-day',
      utm_source: 'copy_link',
      utm_medium: 'share',
      utm_campaign: 'post',
    });
  });

  test.each(sharePlatforms)('%s gets the link tagged with its own name', (platform) => {
    const shareUrl = platformShareUrl(platform, post, 'Beach & sun');
    const decoded = decodeURIComponent(shareUrl);
    expect(decoded).toContain(`utm_source=${platform}`);
    expect(decoded).toContain('id=42');
    expect(shareUrl).not.toContain('Beach & sun');
  });

  test('platform addresses', () => {
    expect(platformShareUrl('x', post, 'Hi')).toMatch(/^https:\/\/x\.com\/intent\/post\?url=https%3A%2F%2Fvelvet\.test%2Fvideo/);
    expect(platformShareUrl('email', post, 'Hi')).toMatch(/^mailto:\?subject=Hi&body=/);
  });
});

describe('embed code (spec §9)', () => {
  test('420 wide, 420 / aspect ratio + 87 high', () => {
    expect(embedHeight(1080, 1920)).toBe(Math.round(420 / (1080 / 1920) + 87));
    expect(embedHeight(1080, 1080)).toBe(507);
    expect(embedHeight(null, null)).toBe(834);
  });

  test('an iframe of the embed page with the title escaped', () => {
    const code = embedCode('https://velvet.test', 42, 'Say "hi" <now>', { width: 540, height: 960 });
    expect(code).toContain('src="https://velvet.test/embed/42"');
    expect(code).toContain('width="420"');
    expect(code).toContain('height="834"');
    expect(code).toContain('title="Say &quot;hi&quot; &lt;now&gt;"');
  });
});
