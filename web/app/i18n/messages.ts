import site from './locales/en.json';
import account from './namespaces/account/en.json';
import ageassurance from './namespaces/ageassurance/en.json';
import analytics from './namespaces/analytics/en.json';
import captions from './namespaces/captions/en.json';
import consoleScreens from './namespaces/console/en.json';
import counts from './namespaces/counts/en.json';
import cover from './namespaces/cover/en.json';
import csam from './namespaces/csam/en.json';
import discovery from './namespaces/discovery/en.json';
import enforcement from './namespaces/enforcement/en.json';
import dataExport from './namespaces/export/en.json';
import feed from './namespaces/feed/en.json';
import guide from './namespaces/guide/en.json';
import hashbanks from './namespaces/hashbanks/en.json';
import identity from './namespaces/identity/en.json';
import imports from './namespaces/imports/en.json';
import manage from './namespaces/manage/en.json';
import moderation from './namespaces/moderation/en.json';
import notifications from './namespaces/notifications/en.json';
import performers from './namespaces/performers/en.json';
import profile from './namespaces/profile/en.json';
import records from './namespaces/records/en.json';
import sounds from './namespaces/sounds/en.json';
import statements from './namespaces/statements/en.json';
import studio from './namespaces/studio/en.json';
import upload from './namespaces/upload/en.json';

/**
 * The English source messages. `locales/<lng>.json` holds the site shell; each domain keeps its own
 * strings in `namespaces/<domain>/<lng>.json`, merged in under the domain's key (`t('feed.like')`),
 * so work on one domain never edits another's files.
 */
export const sourceMessages = {
  ...site,
  account,
  ageassurance,
  analytics,
  captions,
  console: consoleScreens,
  counts,
  cover,
  csam,
  discovery,
  enforcement,
  export: dataExport,
  feed,
  guide,
  hashbanks,
  identity,
  imports,
  manage,
  moderation,
  notifications,
  performers,
  profile,
  records,
  sounds,
  statements,
  studio,
  upload,
};

export type Messages = typeof sourceMessages;

export const namespaces = [
  'account',
  'ageassurance',
  'analytics',
  'captions',
  'console',
  'counts',
  'cover',
  'csam',
  'discovery',
  'enforcement',
  'export',
  'feed',
  'guide',
  'hashbanks',
  'identity',
  'imports',
  'manage',
  'moderation',
  'notifications',
  'performers',
  'profile',
  'records',
  'sounds',
  'statements',
  'studio',
  'upload',
] as const;
