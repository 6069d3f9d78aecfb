import { notificationTypes } from '../realtime/events.ts';
import type { FollowRow } from './archive-rows.repository.ts';
import {
  copyStored,
  type ExportSection,
  extensionOf,
  isoDate,
  jsonArray,
  jsonText,
  pages,
  type SectionContext,
} from './export-section.ts';

const orientations: Readonly<Record<number, string>> = { 0: 'all', 1: 'straight', 2: 'gay', 3: 'trans' };
/** Spec §1 orientation values, by name in the archive. */
export const orientationName = (value: number) => orientations[value] ?? String(value);

/** profile.json and the avatar: the account as the user set it up. */
export const profileSection: ExportSection = {
  name: 'profile',
  files: [
    {
      path: 'profile.json',
      about: 'Your account and its settings.',
      keys: {
        id: 'Your account number on Velvet.',
        username: 'Your username (your profile is at /<username>).',
        displayName: 'The name shown on your profile.',
        email: 'Your e-mail address, and emailVerifiedAt: when you confirmed it (null: not confirmed).',
        accountType: 'A number: 3 verified, 5 partner, 6 channel; 1 and 2 are other accounts (2 may post images).',
        bio: 'Your profile text; tags are written as <tag id="..."> elements.',
        socialLinks: 'Your links to other sites, by platform code.',
        language: 'Your interface language; country: your country (null: not chosen).',
        orientation: 'The content orientation you prefer: all, straight, gay or trans.',
        notificationSettings: 'nFollow, nLike, nCreate, nUpdate: which notifications you get; sound: whether they play one.',
        counts: 'Followers, following, posts and likes received when the archive was made.',
        createdAt: 'When you signed up (ISO 8601, UTC, like every time in this archive).',
        avatar: 'The file of your profile picture in this archive (profile/avatar.<ext>), or null.',
        connectedAccounts: 'Google or Apple sign-ins linked to the account: provider, email, connectedAt.',
        savedPreferences: 'Preferences the site keeps for you (name, value, expiresAt): language, theme and the like.',
      },
    },
    { path: 'profile/avatar.<ext>', about: 'Your profile picture as you uploaded it, when you have one.' },
  ],
  async write(context) {
    const profile = await context.rows.profile(context.userId);
    if (!profile) throw new Error(`account ${context.userId} is gone`);
    const [identities, cookies] = await Promise.all([
      context.rows.identities(context.userId),
      context.rows.savedCookies(context.userId),
    ]);
    const avatarPath = profile.avatarKey ? `profile/avatar.${extensionOf(profile.avatarKey)}` : null;
    const avatar =
      profile.avatarKey && avatarPath && (await copyStored(context, profile.avatarKey, avatarPath)) ? avatarPath : null;
    const { nFollow, nLike, nCreate, nUpdate } = profile.fePreference;
    await context.archive.addText(
      'profile.json',
      jsonText({
        id: profile.id,
        username: profile.username,
        displayName: profile.displayName,
        email: profile.email,
        emailVerifiedAt: isoDate(profile.emailVerifiedAt),
        accountType: profile.type,
        bio: profile.bio,
        socialLinks: profile.socialLinks,
        language: profile.lang,
        country: profile.country,
        orientation: orientationName(profile.lgbtPreference),
        notificationSettings: { nFollow, nLike, nCreate, nUpdate, sound: profile.generalNotifSound },
        counts: {
          followers: profile.followersCount,
          following: profile.followingCount,
          posts: profile.postsCount,
          likesReceived: profile.likesReceived,
        },
        createdAt: isoDate(profile.createdAt),
        avatar,
        connectedAccounts: identities.map((identity) => ({
          provider: identity.provider,
          email: identity.email,
          connectedAt: isoDate(identity.connectedAt),
        })),
        savedPreferences: cookies.map((cookie) => ({
          name: cookie.name,
          value: cookie.value,
          expiresAt: isoDate(cookie.expiresAt),
        })),
      }),
    );
  },
};

const followKeys = {
  userId: 'The account number.',
  username: 'Its username (the profile is at /<username>).',
  displayName: 'The name shown on its profile.',
  followedAt: 'When the follow began.',
};

function followSection(direction: 'following' | 'followers', about: string): ExportSection {
  return {
    name: direction,
    files: [{ path: `${direction}.json`, about, keys: followKeys }],
    async write(context: SectionContext) {
      const rows = pages(
        (after, limit) => context.rows.follows(direction, context.userId, after, limit),
        (row) => row.userId,
        context.pageSize,
      );
      await context.archive.addGenerated(
        `${direction}.json`,
        jsonArray(rows, (row: FollowRow) => ({
          userId: row.userId,
          username: row.username,
          displayName: row.displayName,
          followedAt: isoDate(row.followedAt),
        })),
      );
    },
  };
}

/** following.json: the accounts you follow, newest first. */
export const followingSection = followSection('following', 'The accounts you follow, newest first.');
/** followers.json: the accounts that follow you, newest first. */
export const followersSection = followSection('followers', 'The accounts that follow you, newest first.');

/** Every notification of every type, newest first within each type. */
async function* notificationPages(context: SectionContext) {
  for (const type of notificationTypes) {
    yield* pages(
      (after, limit) => context.rows.notifications(context.userId, type, after, limit),
      (row) => row.id,
      context.pageSize,
    );
  }
}

/** notifications.json: what Velvet told you, read or not. */
export const notificationsSection: ExportSection = {
  name: 'notifications',
  files: [
    {
      path: 'notifications.json',
      about: 'Your notifications, grouped by type, newest first within each type.',
      keys: {
        id: 'The notification number.',
        type: 'user-follow, post-like, post-created, scraper-done (an import finished), moderation or data-export.',
        createdAt: 'When it was made (or last grew: likes of one post are grouped while unread).',
        readAt: 'When you read it, or null.',
        actors: 'Usernames of the accounts it is about that still exist; actorCount: how many there were.',
        postId: 'The post it is about, or null.',
        notice: 'For moderation notices: which notice, and caseId: the case it is about.',
      },
    },
  ],
  async write(context) {
    await context.archive.addGenerated(
      'notifications.json',
      jsonArray(notificationPages(context), (row) => ({
        id: row.id,
        type: row.type,
        createdAt: isoDate(row.createdAt),
        readAt: isoDate(row.readAt),
        actors: row.actors,
        actorCount: row.actorCount,
        postId: row.postId,
        notice: row.notice,
        caseId: row.caseId,
      })),
    );
  },
};
