import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { notificationTarget } from './notification-text';
import type { NotificationView } from './notification-types';
import { ageGroup, badgeText, groupByAge, mediaToPreload, mergeNotification } from './notifications-model';
import { notificationsStore, unreadTotal } from './notifications-store';
import { TOAST_FLUSH_MS, ToastQueue } from './toast-queue';

function item(values: Partial<NotificationView> & { id: number }): NotificationView {
  return {
    type: 'post-like',
    createdDate: new Date(0).toISOString(),
    readDate: null,
    user: { id: 1, username: 'ann', displayName: 'Ann', avatar: {} },
    users: [],
    usersCount: 1,
    post: { id: 10, title: 't', path: '/video?id=10', media: [] },
    scraperJob: null,
    moderation: null,
    performer: null,
    minOld: 0,
    isNew: true,
    ...values,
  };
}

beforeEach(() => notificationsStore.reset());
afterEach(() => vi.useRealTimers());

test('age groups: under a day, 1–7 days, 7–30 days, older', () => {
  expect([0, 1439, 1440, 10_079, 10_080, 43_199, 43_200].map(ageGroup)).toEqual([
    'today',
    'today',
    'week',
    'week',
    'month',
    'month',
    'older',
  ]);
  const groups = groupByAge([item({ id: 1 }), item({ id: 2, minOld: 5000 }), item({ id: 3, minOld: 6000 })]);
  expect(groups.map((group) => [group.group, group.items.length])).toEqual([
    ['today', 1],
    ['week', 2],
  ]);
});

test("the badge reads '9+' above nine and nothing at zero", () => {
  expect([0, 1, 9, 10, 250].map(badgeText)).toEqual(['', '1', '9', '9+', '9+']);
});

test('a new unread notification of the same post or user replaces the unread one; read ones stay', () => {
  const list = [item({ id: 1, post: { id: 10, title: '', path: '', media: [] } }), item({ id: 2, isNew: false })];
  const merged = mergeNotification(list, item({ id: 3 }));
  expect(merged.map((entry) => entry.id)).toEqual([3, 2]);
  const follows = [
    item({ id: 4, type: 'user-follow', post: null }),
    item({ id: 5, type: 'user-follow', post: null, user: null }),
  ];
  expect(mergeNotification(follows, item({ id: 6, type: 'user-follow', post: null })).map((entry) => entry.id)).toEqual([6, 5]);
  expect(mergeNotification([item({ id: 7 })], item({ id: 7, usersCount: 2 }))).toHaveLength(1);
});

test('media still being prepared (status under 10) is preloaded', () => {
  const media = [
    { name: 'a', mimeType: 'video/mp4', status: 3, poster: '/media/a.webp' },
    { name: 'b', mimeType: 'video/mp4', status: 10, poster: '/media/b.webp' },
  ];
  expect(mediaToPreload([item({ id: 1, post: { id: 1, title: '', path: '', media } })])).toEqual(['/media/a.webp']);
});

test('live notifications move the unread counts; reading a type clears it', () => {
  notificationsStore.setUnread({ 'user-follow': 2 });
  notificationsStore.received({ ...item({ id: 1 }), unread: { 'user-follow': 2, 'post-like': 1 } });
  notificationsStore.received(item({ id: 2, type: 'post-created' }));
  expect(notificationsStore.get().unread).toEqual({ 'user-follow': 2, 'post-like': 1, 'post-created': 1 });
  expect(unreadTotal(notificationsStore.get().unread)).toBe(4);
  notificationsStore.typeRead('post-like');
  expect(notificationsStore.get().live.find((entry) => entry.id === 1)?.isNew).toBe(false);
  expect(unreadTotal(notificationsStore.get().unread)).toBe(3);
});

test('toasts gather for 2 s, show at most the last 3, and none while the tab is hidden', () => {
  vi.useFakeTimers();
  let hidden = false;
  const shown: number[][] = [];
  const queue = new ToastQueue<number>(
    (items) => shown.push(items),
    () => hidden,
  );
  for (const value of [1, 2, 3, 4]) queue.push(value);
  vi.advanceTimersByTime(TOAST_FLUSH_MS - 1);
  expect(shown).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(shown).toEqual([[2, 3, 4]]);
  hidden = true;
  queue.push(5);
  vi.advanceTimersByTime(TOAST_FLUSH_MS);
  expect(shown).toHaveLength(1);
  notificationsStore.showToasts([item({ id: 1 }), item({ id: 2 }), item({ id: 3 })]);
  notificationsStore.showToasts([item({ id: 4 })]);
  expect(notificationsStore.get().toasts.map((toast) => toast.id)).toEqual([4, 3, 2]);
});

test('a scraper-done notification opens the import in the composer, where its post is published', () => {
  expect(notificationTarget(item({ id: 1, type: 'scraper-done', user: null, scraperJob: { id: 42 } }))).toBe(
    '/new-post?import=42',
  );
  expect(notificationTarget(item({ id: 2 }))).toBe('/video?id=10');
});

test('the legacy guard notice leads to the studio, where the held posts are listed', () => {
  const notice = item({ id: 3, type: 'moderation', user: null, post: null });
  expect(notificationTarget({ ...notice, moderation: { caseId: null, notice: 'records-incomplete', actionId: null } })).toBe(
    '/studio',
  );
});
