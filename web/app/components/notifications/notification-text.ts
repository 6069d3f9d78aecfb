import type { PerformerNotice } from '../../../../server/src/realtime/events.ts';
import type { MessageKey, TFunction } from '../../i18n/translate';
import { numberLocale } from '../../lib/format-number';
import type { NotificationView } from './notification-types';

const NAME_MARK = '\u0000';

/** The notices of server/src/moderation/moderation-notices.ts; a notice this build does not know reads as an update. */
const moderationNotices: Readonly<Record<string, MessageKey>> = {
  'report-received': 'notifications.moderation.reportReceived',
  'case-message': 'notifications.moderation.caseMessage',
  'case-dismissed': 'notifications.moderation.caseDismissed',
  'case-actioned': 'notifications.moderation.caseActioned',
  // enforcement/statements.ts: a decision about the user's own post or account.
  statement: 'statements.notice',
  // compliance/verification: the creator's identity verification was decided.
  'identity-approved': 'identity.notice.approved',
  'identity-rejected': 'identity.notice.rejected',
  // compliance/records: the legacy guard took posts with incomplete performer records off the site.
  'records-incomplete': 'records.notice.incomplete',
};

/** The notices of a `performer` notification (compliance/performers/): a request to the tagged, news to the creator. */
const performerNotices: Readonly<Record<PerformerNotice, MessageKey>> = {
  request: 'performers.notice.request',
  declined: 'performers.notice.declined',
  withdrawn: 'performers.notice.withdrawn',
  'release-rejected': 'performers.notice.releaseRejected',
  cleared: 'performers.notice.cleared',
};

function moderationSentence(t: TFunction, notice: NotificationView['moderation']): string {
  const key = (notice && moderationNotices[notice.notice]) ?? 'notifications.moderation.caseUpdate';
  return t(key, { caseId: notice?.caseId ?? '' });
}

/** The sentence of a notification, split around the actor's name so the name can be set in bold. */
export function notificationSentence(t: TFunction, item: NotificationView): { before: string; name: string; after: string } {
  const name = item.user ? item.user.displayName || item.user.username : '';
  const others = item.usersCount - 1;
  const text =
    item.type === 'post-like'
      ? others > 0
        ? t('notifications.likedGroup', { name: NAME_MARK, count: others })
        : t('notifications.liked', { name: NAME_MARK })
      : item.type === 'user-follow'
        ? t('notifications.followed', { name: NAME_MARK })
        : item.type === 'post-created'
          ? t('notifications.posted', { name: NAME_MARK })
          : item.type === 'moderation'
            ? moderationSentence(t, item.moderation)
            : item.type === 'data-export'
              ? t('export.notification')
              : item.type === 'performer' && item.performer
                ? t(performerNotices[item.performer.notice], { name: NAME_MARK })
                : t('notifications.scraperDone');
  const [before = '', after = ''] = text.split(NAME_MARK);
  return text.includes(NAME_MARK) ? { before, name, after } : { before: text, name: '', after: '' };
}

/**
 * Where a notification leads: the post, the follower's profile, an import's composer, a statement of
 * reasons, the data export page, or the list itself.
 */
export function notificationTarget(item: NotificationView): string {
  if (item.type === 'user-follow' && item.user) return `/${item.user.username}`;
  if (item.moderation?.notice === 'statement' && item.moderation.actionId !== null)
    return `/statements/${item.moderation.actionId}`;
  // The composer, where the import is followed and its post (private until then) is published.
  if (item.type === 'scraper-done' && item.scraperJob) return `/new-post?import=${item.scraperJob.id}`;
  // The export page, which offers the download while the archive lasts and says when it expired.
  if (item.type === 'data-export') return '/studio/export';
  if (item.moderation?.notice.startsWith('identity-')) return '/creators#verification';
  // A request is answered on the notification itself; the creator's news lead to the post's performers.
  if (item.performer?.notice === 'request') return `/notifications/${item.id}`;
  if (item.performer && item.post) return `/studio/post/${item.post.id}/performers`;
  // The studio lists the held posts, each marked as waiting for its performers.
  if (item.moderation?.notice === 'records-incomplete') return '/studio';
  if (item.post) return item.post.path;
  return `/notifications/${item.id}`;
}

type Step = readonly [limit: number, unit: Intl.RelativeTimeFormatUnit, minutes: number];
const YEAR: Step = [Number.POSITIVE_INFINITY, 'year', 365 * 24 * 60];
const STEPS: readonly Step[] = [
  [60, 'minute', 1],
  [24 * 60, 'hour', 60],
  [7 * 24 * 60, 'day', 24 * 60],
  [30 * 24 * 60, 'week', 7 * 24 * 60],
  [365 * 24 * 60, 'month', 30 * 24 * 60],
  YEAR,
];

/** "5 min. ago", "3 days ago" in the interface language, from the notification's age in minutes. */
export function timeAgo(minOld: number, locale: string): string | undefined {
  if (minOld < 1) return undefined;
  const format = new Intl.RelativeTimeFormat(numberLocale(locale), { numeric: 'auto', style: 'short' });
  const [, unit, minutes] = STEPS.find(([limit]) => minOld < limit) ?? YEAR;
  return format.format(-Math.floor(minOld / minutes), unit);
}

/** The smallest avatar rendition, WebP first. */
export function avatarOf(avatar: Readonly<Record<string, string>>): string | undefined {
  const names = Object.keys(avatar);
  const pick =
    names.find((name) => name.includes('small') && name.endsWith('webp')) ??
    names.find((name) => name.includes('small')) ??
    names[0];
  return pick ? avatar[pick] : undefined;
}
