import { describe, expect, test } from 'vitest';
import { externalReferrer, pageOfPath } from './view-source';

describe('the page of a view', () => {
  test.each([
    ['/', 'feed'],
    ['/gay', 'feed'],
    ['/popular-trans/luna/42', 'feed'],
    ['/following/42', 'feed'],
    ['/tag/beach/42', 'tag'],
    ['/tag-gay/beach', 'tag'],
    ['/search', 'search'],
    ['/search-gay', 'search'],
    ['/play/9/42', 'playlist'],
    ['/playlist-trans/9', 'playlist'],
    ['/video', 'post'],
    ['/video2-gay', 'post'],
    ['/luna.rose/post/42', 'post'],
    ['/embed/42', 'embed'],
    ['/user/luna.rose/42', 'profile'],
    ['/luna.rose', 'profile'],
    ['/notifications/3', 'other'],
    ['/studio/post/42/analytics', 'other'],
  ])('%s is %s', (path, page) => {
    expect(pageOfPath(path)).toBe(page);
  });
});

describe('the referrer of a view', () => {
  test('only another site by http(s) counts, by host name', () => {
    expect(externalReferrer('https://www.reddit.com/r/x?y=1', 'velvet.test')).toBe('www.reddit.com');
    expect(externalReferrer('https://velvet.test/tag/beach', 'velvet.test')).toBeUndefined();
    expect(externalReferrer('', 'velvet.test')).toBeUndefined();
    expect(externalReferrer('android-app://com.example', 'velvet.test')).toBeUndefined();
  });
});
