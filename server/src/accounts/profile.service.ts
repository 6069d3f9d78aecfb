import type { FePreference } from '../db/schema.ts';
import type { ContentScreen } from '../enforcement/watched-words.ts';
import { AppError } from '../http/errors.ts';
import { variantUrls } from '../posts/post-card.ts';
import { sanitizeBio } from './bio.ts';
import { bioToText, hashtagNames, linkHashtags } from './bio-tags.ts';
import type { OwnProfile, PublicProfile } from './profile-schema.ts';
import { cleanSocialHandle, isSocialCode, isSocialHandle, socialLinks } from './social-links.ts';
import { parseUserRef } from './username.ts';
import type { ProfileChanges, ProfileRow, UsersRepository } from './users.repository.ts';

export const BIO_MAX = 4000;

export interface ProfileUpdate {
  readonly displayName?: string;
  readonly bio?: string;
  readonly lgbtPreference?: number;
  readonly generalNotifSound?: boolean;
  readonly fePreference?: FePreference | string;
  /** Platform code → handle (or the profile URL); an empty handle removes the link. */
  readonly socialLinks?: Record<string, string>;
}

const IMAGE_UPLOAD_TYPES = new Set([2, 3, 5, 6]);
const SOCIAL_LINKS_MAX = 40;

export class ProfileService {
  private readonly users: UsersRepository;
  private readonly screen: Pick<ContentScreen, 'screenBio'> | undefined;

  constructor(users: UsersRepository, screen?: Pick<ContentScreen, 'screenBio'>) {
    this.users = users;
    this.screen = screen;
  }

  /** By numeric id, by username (cleaned up as spec §5 says) or 'me'; not_found for banned or leaving accounts. */
  async profile(ref: string, viewerId: number | undefined): Promise<PublicProfile | OwnProfile> {
    // 'me' is a reserved name, so it can safely stand for the viewer's own profile.
    if (ref === 'me' && viewerId === undefined) throw new AppError('login_required');
    const row = await this.users.findProfile(ref === 'me' ? { id: viewerId as number } : parseUserRef(ref), viewerId);
    if (!row) throw new AppError('not_found');
    const mine = viewerId === row.id;
    const base: PublicProfile = {
      id: row.id,
      username: row.username,
      displayName: row.displayName,
      type: row.type,
      uid: row.uid,
      bio: row.bio,
      makeBioLinks: true,
      iFollowUser: !mine && row.viewerFollows,
      myProfile: mine,
      followersCount: row.followersCount,
      followingCount: row.followingCount,
      postsCount: row.postsCount,
      likesCount: row.likesReceived,
      avatar: variantUrls(row.avatarVariants),
      socialLinks: socialLinks(row.socialLinks ?? {}),
    };
    if (!mine) return base;
    const providers = row.ownProviders ?? [];
    return {
      ...base,
      ...ownFields(row),
      connectedAccounts: { google: providers.includes('google'), apple: providers.includes('apple') },
    };
  }

  async update(userId: number, update: ProfileUpdate): Promise<OwnProfile> {
    if (update.bio !== undefined) this.screen?.screenBio(update.bio);
    const changes: ProfileChanges = {
      displayName: update.displayName?.trim(),
      bio: update.bio === undefined ? undefined : await this.storedBio(update.bio),
      lgbtPreference: update.lgbtPreference,
      generalNotifSound: update.generalNotifSound,
      fePreference: update.fePreference === undefined ? undefined : parseFePreference(update.fePreference),
      socialLinks: update.socialLinks === undefined ? undefined : parseSocialLinks(update.socialLinks),
    };
    if (changes.bio !== undefined && changes.bio.length > BIO_MAX) {
      throw new AppError('invalid_input', { details: [{ field: 'body/bio', problem: `longer than ${BIO_MAX} characters` }] });
    }
    await this.users.updateProfile(userId, changes);
    return (await this.profile(String(userId), userId)) as OwnProfile;
  }

  /** Sanitised, with every #name of a known tag turned into the tag element spec §3 stores. */
  private async storedBio(input: string): Promise<string> {
    const clean = sanitizeBio(bioToText(input).trim());
    return linkHashtags(clean, await this.users.tagIdsByName(hashtagNames(clean)));
  }
}

function parseSocialLinks(input: Record<string, string>): Record<string, string> {
  const links: Record<string, string> = {};
  const entries = Object.entries(input);
  if (entries.length > SOCIAL_LINKS_MAX) throw invalidSocialLink('too many links');
  for (const [code, value] of entries) {
    if (!isSocialCode(code)) throw invalidSocialLink(`unknown platform ${code.slice(0, 8)}`);
    const handle = cleanSocialHandle(code, value);
    if (handle === '') continue;
    if (!isSocialHandle(handle)) throw invalidSocialLink(`invalid handle for ${code}`);
    links[code] = handle;
  }
  return links;
}

const invalidSocialLink = (problem: string) =>
  new AppError('invalid_input', { details: [{ field: 'body/socialLinks', problem }] });

function ownFields(row: ProfileRow) {
  return {
    email: row.email,
    lgbtPreference: row.lgbtPreference,
    generalNotifSound: row.generalNotifSound,
    fePreference: JSON.stringify(row.fePreference),
    emailVerified: row.emailVerified,
    hasPassword: row.hasPassword,
    iCanUploadImages: IMAGE_UPLOAD_TYPES.has(row.type),
  };
}

const FE_FLAGS = ['nFollow', 'nLike', 'nCreate', 'nUpdate'] as const;

/** Accepts the object or its JSON string; every flag must be there and be a boolean. */
function parseFePreference(value: FePreference | string): FePreference {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = undefined;
    }
  }
  const record = parsed as Record<string, unknown> | undefined;
  if (!record || typeof record !== 'object' || FE_FLAGS.some((flag) => typeof record[flag] !== 'boolean')) {
    throw new AppError('invalid_input', {
      details: [{ field: 'body/fePreference', problem: 'needs boolean nFollow, nLike, nCreate, nUpdate' }],
    });
  }
  return {
    nFollow: record.nFollow as boolean,
    nLike: record.nLike as boolean,
    nCreate: record.nCreate as boolean,
    nUpdate: record.nUpdate as boolean,
  };
}
