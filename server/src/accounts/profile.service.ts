import type { FePreference } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { sanitizeBio } from './bio.ts';
import { parseUserRef } from './username.ts';
import type { ProfileChanges, ProfileRow, UsersRepository } from './users.repository.ts';

export const BIO_MAX = 4000;

/** Spec §3 user profile as others see it; the owner also gets their settings. */
export interface PublicProfile {
  readonly id: number;
  readonly username: string;
  readonly displayName: string;
  readonly type: number;
  readonly uid: string;
  readonly bio: string;
  readonly makeBioLinks: boolean;
  readonly iFollowUser: boolean;
  readonly myProfile: boolean;
  readonly followersCount: number;
  readonly followingCount: number;
  readonly postsCount: number;
  readonly likesCount: number;
}

export interface OwnProfile extends PublicProfile {
  readonly email: string | null;
  readonly lgbtPreference: number;
  readonly generalNotifSound: boolean;
  /** A JSON string, as spec §3 describes it. */
  readonly fePreference: string;
}

export interface ProfileUpdate {
  readonly displayName?: string;
  readonly bio?: string;
  readonly lgbtPreference?: number;
  readonly generalNotifSound?: boolean;
  readonly fePreference?: FePreference | string;
}

export class ProfileService {
  private readonly users: UsersRepository;

  constructor(users: UsersRepository) {
    this.users = users;
  }

  /** By numeric id, by username (cleaned up as spec §5 says) or 'me'; not_found for banned or leaving accounts. */
  async profile(ref: string, viewerId: number | undefined): Promise<PublicProfile | OwnProfile> {
    // 'me' is a reserved name, so it can safely stand for the viewer's own profile.
    if (ref === 'me' && viewerId === undefined) throw new AppError('login_required');
    const row = await this.users.findProfile(ref === 'me' ? { id: viewerId as number } : parseUserRef(ref));
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
      iFollowUser: viewerId !== undefined && !mine ? await this.users.follows(viewerId, row.id) : false,
      myProfile: mine,
      followersCount: row.followersCount,
      followingCount: row.followingCount,
      postsCount: row.postsCount,
      likesCount: row.likesReceived,
    };
    return mine ? { ...base, ...ownFields(row) } : base;
  }

  async update(userId: number, update: ProfileUpdate): Promise<OwnProfile> {
    const changes: ProfileChanges = {
      displayName: update.displayName?.trim(),
      bio: update.bio === undefined ? undefined : sanitizeBio(update.bio.trim()),
      lgbtPreference: update.lgbtPreference,
      generalNotifSound: update.generalNotifSound,
      fePreference: update.fePreference === undefined ? undefined : parseFePreference(update.fePreference),
    };
    if (changes.bio !== undefined && changes.bio.length > BIO_MAX) {
      throw new AppError('invalid_input', { details: [{ field: 'body/bio', problem: `longer than ${BIO_MAX} characters` }] });
    }
    await this.users.updateProfile(userId, changes);
    return (await this.profile(String(userId), userId)) as OwnProfile;
  }
}

function ownFields(row: ProfileRow) {
  return {
    email: row.email,
    lgbtPreference: row.lgbtPreference,
    generalNotifSound: row.generalNotifSound,
    fePreference: JSON.stringify(row.fePreference),
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
