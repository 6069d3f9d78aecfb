import type { PublicProfile } from '../../../../server/src/accounts/profile-schema.ts';

/** GET /api/user/{id}, as the server's schema declares it. */
export type Profile = PublicProfile;

/** A user in a followers/following list (GET /api/user/{id}/followers). */
export interface ListedUser {
  readonly id: number;
  readonly username: string;
  readonly displayName: string;
  readonly iFollowUser: boolean;
  readonly followersCount: number;
  readonly myProfile: boolean;
  readonly avatar: Readonly<Record<string, string>>;
}

export interface UserPage {
  readonly users: ListedUser[];
  readonly canLoadMore: boolean;
}

/** Spec §1 account types that carry a badge. */
export const ACCOUNT_BADGES: Readonly<Record<number, 'verified' | 'partner' | 'channel'>> = {
  3: 'verified',
  5: 'partner',
  6: 'channel',
};
