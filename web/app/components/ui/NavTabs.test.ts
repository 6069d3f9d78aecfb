import { expect, test } from 'vitest';
import { isCurrentTab } from './NavTabs';

test('a tab is current on its address, below it unless `end`, and on the prefixes it also stands for', () => {
  const posts = { to: '/studio', label: 'Posts', end: true, alsoFor: ['/studio/post'] };
  const analytics = { to: '/studio/analytics', label: 'Analytics' };
  expect(isCurrentTab(posts, '/studio')).toBe(true);
  expect(isCurrentTab(posts, '/studio/')).toBe(true);
  expect(isCurrentTab(posts, '/studio/post/12/cover')).toBe(true);
  expect(isCurrentTab(posts, '/studio/analytics')).toBe(false);
  expect(isCurrentTab(analytics, '/studio/analytics/28')).toBe(true);
  expect(isCurrentTab(analytics, '/studio/analyticsx')).toBe(false);
});
