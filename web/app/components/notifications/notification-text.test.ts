import { expect, test } from 'vitest';
import { sourceMessages } from '../../i18n/messages';
import { createTranslator } from '../../i18n/translate';
import { notificationSentence } from './notification-text';
import type { NotificationView } from './notification-types';

const { t } = createTranslator('en', sourceMessages);

const moderationNotice = (notice: string): NotificationView => ({
  id: 1,
  type: 'moderation',
  createdDate: new Date(0).toISOString(),
  readDate: null,
  user: null,
  users: [],
  usersCount: 0,
  post: null,
  scraperJob: null,
  moderation: { caseId: 42, notice, actionId: null },
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
