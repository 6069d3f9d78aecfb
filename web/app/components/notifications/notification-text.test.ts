import { expect, test } from 'vitest';
import { sourceMessages } from '../../i18n/messages';
import { createTranslator } from '../../i18n/translate';
import { notificationSentence, notificationTarget } from './notification-text';
import type { NotificationView } from './notification-types';

const { t } = createTranslator('en', sourceMessages);

const moderationNotice = (notice: string, actionId: number | null = null): NotificationView => ({
  id: 1,
  type: 'moderation',
  createdDate: new Date(0).toISOString(),
  readDate: null,
  user: null,
  users: [],
  usersCount: 0,
  post: null,
  scraperJob: null,
  moderation: { caseId: 42, notice, actionId },
  performer: null,
  minOld: 0,
  isNew: true,
});

test('a moderation notice reads as its sentence with the case number; one this build does not know, as an update', () => {
  expect(notificationSentence(t, moderationNotice('case-message')).before).toBe('A moderator wrote about your report (case 42)');
  expect(notificationSentence(t, moderationNotice('case-dismissed')).before).toBe(
    'Your report was reviewed: no action taken (case 42)',
  );
  expect(notificationSentence(t, moderationNotice('statement-of-reasons-later')).before).toBe('Update on case 42');
});

test('a statement of reasons reads as a decision and opens its statement page; other moderation notices open the list', () => {
  const statement = moderationNotice('statement', 7);
  expect(notificationSentence(t, statement).before).toBe(
    'A decision was taken about your content: read the statement of reasons',
  );
  expect(notificationTarget(statement)).toBe('/statements/7');
  expect(notificationTarget(moderationNotice('case-message'))).toBe('/notifications/1');
});
