import { type Static, Type } from 'typebox';
import { IDENTITY_IMAGE_MAX_BYTES } from './identity-images.ts';

/** Request and answer shapes of the verification routes; the web app imports the answer types. */

/** A picture as base64 (no `data:` prefix): at most IDENTITY_IMAGE_MAX_BYTES once decoded. */
const IdentityImage = Type.String({ minLength: 16, maxLength: Math.ceil(IDENTITY_IMAGE_MAX_BYTES / 3) * 4 });
const IsoDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const PersonName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
export const MAX_ALIASES = 10;

export const SubmissionBody = Type.Object(
  {
    legalName: PersonName,
    dateOfBirth: IsoDay,
    /** Every other name used: stage names, maiden names, former names (28 CFR 75.2(a)(1)). */
    aliases: Type.Array(PersonName, { maxItems: MAX_ALIASES }),
    documentFront: IdentityImage,
    documentBack: Type.Optional(IdentityImage),
    selfie: IdentityImage,
  },
  { additionalProperties: false },
);
export type SubmissionBody = Static<typeof SubmissionBody>;
/** The largest body the submission route takes: three pictures in base64 and the text around them. */
export const SUBMISSION_BODY_LIMIT = 3 * (Math.ceil(IDENTITY_IMAGE_MAX_BYTES / 3) * 4) + 64 * 1024;

const SubmissionState = Type.Union([
  Type.Literal('started'),
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
  Type.Literal('refused'),
]);

export const IdentityStanding = Type.Object({
  statusCode: Type.Literal(2),
  /** Account types 3, 5 and 6. */
  verified: Type.Boolean(),
  /** Whether the uploader gate lets this account upload (verified, or UPLOADS_REQUIRE_VERIFICATION off). */
  mayUpload: Type.Boolean(),
  /** The newest submission; null when the account never submitted one. */
  submission: Type.Union([
    Type.Object({
      state: SubmissionState,
      createdDate: Type.String(),
      decidedDate: Type.Union([Type.String(), Type.Null()]),
      /** The reviewer's words when rejected. */
      reason: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
});
export type IdentityStanding = Static<typeof IdentityStanding>;

export const IdentityStart = Type.Object({
  statusCode: Type.Literal(2),
  /** `collect`: show the form here; `redirect`: continue at `url` (a vendor's page). */
  next: Type.Union([Type.Literal('collect'), Type.Literal('redirect')]),
  url: Type.Union([Type.String(), Type.Null()]),
});
export type IdentityStart = Static<typeof IdentityStart>;

/** A guest performer's release (compliance/performers/): the identity of someone without an account, for one post. */
const GuestRelease = Type.Union([
  Type.Object({ performerId: Type.Integer(), postId: Type.Integer(), creatorUsername: Type.String() }),
  Type.Null(),
]);

export const QueueItem = Type.Object({
  id: Type.Integer(),
  /** The account's username; for a guest release, the name the creator gave the guest. */
  username: Type.String(),
  guestRelease: GuestRelease,
  provider: Type.String(),
  state: SubmissionState,
  flag: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export const IdentityQueueAnswer = Type.Object({ statusCode: Type.Literal(2), submissions: Type.Array(QueueItem) });
export type IdentityQueueAnswer = Static<typeof IdentityQueueAnswer>;

export const DocumentKind = Type.Union([Type.Literal('document-front'), Type.Literal('document-back'), Type.Literal('selfie')]);

export const IdentityReviewAnswer = Type.Object({
  statusCode: Type.Literal(2),
  submission: Type.Object({
    id: Type.Integer(),
    /** Null for a guest release. */
    userId: Type.Union([Type.Integer(), Type.Null()]),
    username: Type.String(),
    guestRelease: GuestRelease,
    provider: Type.String(),
    state: SubmissionState,
    legalName: Type.String(),
    dateOfBirth: Type.String(),
    /** Whole years today. */
    age: Type.Integer(),
    aliases: Type.Array(Type.String()),
    documents: Type.Array(Type.Object({ kind: DocumentKind, width: Type.Integer(), height: Type.Integer() })),
    flag: Type.Union([Type.String(), Type.Null()]),
    reason: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String(),
    decidedAt: Type.Union([Type.String(), Type.Null()]),
  }),
  /** Other accounts verified as the same person. */
  otherAccounts: Type.Array(Type.String()),
  /** Who opened which document, newest first; admins only (null for moderators). */
  views: Type.Union([
    Type.Array(Type.Object({ document: Type.String(), viewerUsername: Type.String(), viewedAt: Type.String() })),
    Type.Null(),
  ]),
});
export type IdentityReviewAnswer = Static<typeof IdentityReviewAnswer>;

export const SubmissionParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }) });
export const DocumentParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }), document: DocumentKind });
export const RejectBody = Type.Object(
  { reason: Type.String({ minLength: 3, maxLength: 1000, pattern: '\\S' }) },
  { additionalProperties: false },
);
export const CallbackParams = Type.Object({ provider: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }) });
