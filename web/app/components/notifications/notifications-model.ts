import type { NotificationView } from './notification-types';

/** Spec §4 age groups: under a day, one to seven days, seven to thirty, older. */
export type AgeGroup = 'today' | 'week' | 'month' | 'older';
const DAY_MINUTES = 24 * 60;

export function ageGroup(minOld: number): AgeGroup {
  if (minOld < DAY_MINUTES) return 'today';
  if (minOld < 7 * DAY_MINUTES) return 'week';
  if (minOld < 30 * DAY_MINUTES) return 'month';
  return 'older';
}

/** Consecutive notifications (newest first) under their age group, groups in order. */
export function groupByAge(items: readonly NotificationView[]): { group: AgeGroup; items: NotificationView[] }[] {
  const groups: { group: AgeGroup; items: NotificationView[] }[] = [];
  for (const item of items) {
    const group = ageGroup(item.minOld);
    const last = groups.at(-1);
    if (last?.group === group) last.items.push(item);
    else groups.push({ group, items: [item] });
  }
  return groups;
}

/** Spec §4: the badge shows '9+' above nine, nothing at zero. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 9 ? '9+' : String(count);
}

/** What makes two unread notifications "the same" for replacement: the user (follows) or the post. */
function sameSubject(a: NotificationView, b: NotificationView): boolean {
  if (a.type !== b.type || !a.isNew || !b.isNew) return false;
  if (a.type === 'user-follow') return a.user !== null && a.user.id === b.user?.id;
  return a.post !== null && a.post.id === b.post?.id;
}

/**
 * Spec §4: a new unread live notification of the same user or post replaces the existing unread one
 * (and one with the same id is the same notification, updated). The newest goes first.
 */
export function mergeNotification(list: readonly NotificationView[], incoming: NotificationView): NotificationView[] {
  return [incoming, ...list.filter((item) => item.id !== incoming.id && !sameSubject(item, incoming))];
}

/** Newest first across lists, by creation time then id. */
export function newestFirst(items: readonly NotificationView[]): NotificationView[] {
  return [...items].sort((a, b) => b.createdDate.localeCompare(a.createdDate) || b.id - a.id);
}

/** Spec §9: notification media still being prepared (status under 10) is preloaded. */
export function mediaToPreload(items: readonly NotificationView[]): string[] {
  return items.flatMap((item) =>
    (item.post?.media ?? []).filter((file) => file.status < 10 && file.poster).map((file) => file.poster),
  );
}
