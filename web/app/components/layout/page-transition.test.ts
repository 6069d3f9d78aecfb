import { describe, expect, test } from 'vitest';
import { EDGE_SWIPE_WINDOW_MS, isInAppNavigation, transitionForHistoryMove, transitionForLink } from './page-transition';

describe('history moves', () => {
  test('going back slides back, going forward slides forward', () => {
    expect(transitionForHistoryMove({ fromIndex: 3, toIndex: 2, isIOS: false, sinceEdgeTouch: undefined })).toBe('page-back');
    expect(transitionForHistoryMove({ fromIndex: 2, toIndex: 3, isIOS: false, sinceEdgeTouch: undefined })).toBe('page-forward');
  });

  test("an iOS edge swipe is Safari's own animation, so the site adds none", () => {
    expect(transitionForHistoryMove({ fromIndex: 3, toIndex: 2, isIOS: true, sinceEdgeTouch: 100 })).toBe('ios-page-back');
    expect(transitionForHistoryMove({ fromIndex: 3, toIndex: 2, isIOS: true, sinceEdgeTouch: EDGE_SWIPE_WINDOW_MS + 1 })).toBe(
      'page-back',
    );
    expect(transitionForHistoryMove({ fromIndex: 3, toIndex: 2, isIOS: false, sinceEdgeTouch: 100 })).toBe('page-back');
  });

  test('an unknown index (an entry from before the app loaded) counts as back', () => {
    expect(transitionForHistoryMove({ fromIndex: 0, toIndex: undefined, isIOS: false, sinceEdgeTouch: undefined })).toBe(
      'page-back',
    );
  });
});

test('links in the main navigation cross-fade, others step forward', () => {
  expect(transitionForLink(true)).toBe('page');
  expect(transitionForLink(false)).toBe('page-forward');
});

describe('which clicks navigate in the app', () => {
  const here = new URL('https://velvet.test/popular?x=1');
  const plain = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
  const link = (href: string, extra: Partial<{ target: string; hasDownload: boolean }> = {}) => ({
    href,
    target: '',
    hasDownload: false,
    ...extra,
  });

  test('a plain click on a link to another page of the site', () => {
    expect(isInAppNavigation(plain, link('/tag'), here)).toBe(true);
    expect(isInAppNavigation(plain, link('/popular?x=2'), here)).toBe(true);
  });

  test('not new tabs, downloads, other sites, the same page or a handled click', () => {
    expect(isInAppNavigation({ ...plain, ctrlKey: true }, link('/tag'), here)).toBe(false);
    expect(isInAppNavigation({ ...plain, button: 1 }, link('/tag'), here)).toBe(false);
    expect(isInAppNavigation(plain, link('/tag', { target: '_blank' }), here)).toBe(false);
    expect(isInAppNavigation(plain, link('/file.mp4', { hasDownload: true }), here)).toBe(false);
    expect(isInAppNavigation(plain, link('https://elsewhere.test/'), here)).toBe(false);
    expect(isInAppNavigation(plain, link('/popular?x=1#content'), here)).toBe(false);
    expect(isInAppNavigation({ ...plain, defaultPrevented: true }, link('/tag'), here)).toBe(false);
  });
});
