import Type, { type Static } from 'typebox';

/**
 * The answer shapes of GET /api/user/{id}, PUT /api/user/me and the viewer's own info (GET /api/user/me):
 * declared once here, checked against real answers in profile-settings.test.ts, and imported by the web
 * app as types, so a change of shape fails the typecheck instead of a page.
 */

/** A saved link, always built from the one platform list (social-links.ts). */
export const SocialLinkAnswer = Type.Object(
  { code: Type.String(), name: Type.String(), handle: Type.String(), url: Type.String() },
  { additionalProperties: false },
);

/** Spec §3 user profile as others see it. */
export const PublicProfileAnswer = Type.Object(
  {
    id: Type.Integer(),
    username: Type.String(),
    displayName: Type.String(),
    type: Type.Integer(),
    uid: Type.String(),
    bio: Type.String(),
    makeBioLinks: Type.Boolean(),
    iFollowUser: Type.Boolean(),
    myProfile: Type.Boolean(),
    followersCount: Type.Integer(),
    followingCount: Type.Integer(),
    postsCount: Type.Integer(),
    likesCount: Type.Integer(),
    /** Rendition name (avatar-small-webp, avatar-retina-jpg...) → URL; empty without an avatar. */
    avatar: Type.Record(Type.String(), Type.String()),
    /** In the platform list's order. */
    socialLinks: Type.Array(SocialLinkAnswer),
  },
  { additionalProperties: false },
);

/** The owner's own profile: the public one plus their settings. */
export const OwnProfileAnswer = Type.Object(
  {
    ...PublicProfileAnswer.properties,
    email: Type.Union([Type.String(), Type.Null()]),
    lgbtPreference: Type.Integer(),
    generalNotifSound: Type.Boolean(),
    /** A JSON string, as spec §3 describes it. */
    fePreference: Type.String(),
    emailVerified: Type.Boolean(),
    /** False for accounts made through Google or Apple that never set a password. */
    hasPassword: Type.Boolean(),
    connectedAccounts: Type.Object({ google: Type.Boolean(), apple: Type.Boolean() }, { additionalProperties: false }),
    /** Spec §1: account types 2, 3, 5 and 6 may post images. */
    iCanUploadImages: Type.Boolean(),
  },
  { additionalProperties: false },
);

export type SocialLink = Static<typeof SocialLinkAnswer>;
export type PublicProfile = Static<typeof PublicProfileAnswer>;
export type OwnProfile = Static<typeof OwnProfileAnswer>;
