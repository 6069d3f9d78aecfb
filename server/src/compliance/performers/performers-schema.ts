import { type Static, Type } from 'typebox';
import { IDENTITY_IMAGE_MAX_BYTES } from '../verification/identity-images.ts';
import { MAX_ALIASES } from '../verification/verification-schema.ts';

/** Request and answer shapes of the performer routes (README.md "Routes"); the web app imports the types. */

export const MAX_PERFORMERS = 10;
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const IsoDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const PersonName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ConsentScope = Type.Union([Type.Literal('depicted'), Type.Literal('distribution'), Type.Literal('downloads')]);
export type ConsentScopeValue = Static<typeof ConsentScope>;
const Scopes = Type.Array(ConsentScope, { maxItems: 3, uniqueItems: true });
export const PerformerKind = Type.Union([Type.Literal('self'), Type.Literal('account'), Type.Literal('guest')]);
export const PerformerState = Type.Union([
  Type.Literal('pending'),
  Type.Literal('consented'),
  Type.Literal('declined'),
  Type.Literal('withdrawn'),
]);
/** Rendition name → URL, empty without a picture (as in post cards). */
const Avatar = Type.Record(Type.String(), Type.String());

export const PostParams = Type.Object({ id: Id });
export const PerformerParams = Type.Object({ performerId: Id });
/** The release link's token: 32 random bytes in base64url. */
export const ReleaseParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }) });

/** PUT /api/post/:id/performers: the whole manifest, replacing the previous one. */
export const ManifestBody = Type.Object(
  {
    /** The day the content was produced; not in the future. */
    producedOn: IsoDay,
    performers: Type.Array(
      Type.Union([
        Type.Object({ kind: Type.Literal('self') }, { additionalProperties: false }),
        Type.Object(
          { kind: Type.Literal('account'), username: Type.String({ minLength: 1, maxLength: 64 }) },
          { additionalProperties: false },
        ),
        Type.Object(
          {
            kind: Type.Literal('guest'),
            name: PersonName,
            email: Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' }),
          },
          { additionalProperties: false },
        ),
      ]),
      { minItems: 1, maxItems: MAX_PERFORMERS },
    ),
  },
  { additionalProperties: false },
);
export type ManifestBody = Static<typeof ManifestBody>;

export const ManifestPerformer = Type.Object({
  id: Type.Integer(),
  kind: PerformerKind,
  /** The account's, for `self` and `account`; null for a guest. */
  username: Nullable(Type.String()),
  displayName: Nullable(Type.String()),
  avatar: Avatar,
  /** The name and address the creator gave, for a guest; null otherwise. */
  guestName: Nullable(Type.String()),
  guestEmail: Nullable(Type.String()),
  /** A guest's release link has expired unanswered: the creator may resend it. */
  releaseExpired: Type.Boolean(),
  /** A guest sent the release and it waits for a moderator. */
  releaseInReview: Type.Boolean(),
  state: PerformerState,
  scopes: Type.Array(ConsentScope),
  /** Consented with a verified identity on record: this person no longer holds the post. */
  cleared: Type.Boolean(),
});
export type ManifestPerformer = Static<typeof ManifestPerformer>;

/** GET and PUT /api/post/:id/performers (owner; moderators may read). */
export const ManifestAnswer = Type.Object({
  statusCode: Type.Literal(2),
  postId: Type.Integer(),
  /** The post's status (posts/post-status.ts); 13 while held for its performers. */
  postStatus: Type.Integer(),
  producedOn: Nullable(Type.String()),
  performers: Type.Array(ManifestPerformer),
  /** Every performer is cleared: nothing holds the post. */
  ready: Type.Boolean(),
  /** The manifest may be changed now (the owner, and the post is not published or only adds people). */
  editable: Type.Boolean(),
});
export type ManifestAnswer = Static<typeof ManifestAnswer>;

/** What the person asked sees about the post: no media unless the post's media may be shown to them. */
const AskedPost = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: Type.Integer(),
  /** A thumbnail URL, or null when the post's media may not be shown to this viewer. */
  thumbnail: Nullable(Type.String()),
});
const Creator = Type.Object({ username: Type.String(), displayName: Type.String(), avatar: Avatar });

/** GET /api/performer/:performerId and the answer of consent, decline and withdraw (the tagged account). */
export const PerformerRequest = Type.Object({
  performerId: Type.Integer(),
  state: PerformerState,
  /** The scopes in force (empty before consent). */
  scopes: Type.Array(ConsentScope),
  /** What the creator asks: depicted and distribution always, downloads when the post allows them. */
  scopesAsked: Type.Array(ConsentScope),
  post: AskedPost,
  creator: Creator,
  /** When this account last answered (ISO), null before. */
  answeredAt: Nullable(Type.String()),
});
export type PerformerRequest = Static<typeof PerformerRequest>;
export const PerformerRequestAnswer = Type.Object({ statusCode: Type.Literal(2), request: PerformerRequest });
export type PerformerRequestAnswer = Static<typeof PerformerRequestAnswer>;

/** POST /api/performer/:performerId/consent: depicted and distribution are required. */
export const ConsentBody = Type.Object(
  { scopes: Type.Array(ConsentScope, { minItems: 1, maxItems: 3, uniqueItems: true }) },
  {
    additionalProperties: false,
  },
);
export type ConsentBody = Static<typeof ConsentBody>;

/** POST /api/performer/:performerId/withdraw and /api/release/:token/withdraw. */
export const WithdrawBody = Type.Object(
  { reason: Type.String({ minLength: 3, maxLength: 2000, pattern: '\\S' }) },
  {
    additionalProperties: false,
  },
);
export type WithdrawBody = Static<typeof WithdrawBody>;

/** GET /api/me/appearances?cursor=: the posts I appear in, newest tag first. */
export const AppearancesQuery = Type.Object({ cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,16}$' })) });
export const AppearancesAnswer = Type.Object({
  statusCode: Type.Literal(2),
  appearances: Type.Array(PerformerRequest),
  /** Pass back as `cursor` for the next page; null at the end. */
  cursor: Nullable(Type.String()),
});
export type AppearancesAnswer = Static<typeof AppearancesAnswer>;

/** The guest's release, behind GET/POST /api/release/:token. */
export const Release = Type.Object({
  guestName: Type.String(),
  state: PerformerState,
  scopes: Type.Array(ConsentScope),
  scopesAsked: Type.Array(ConsentScope),
  post: AskedPost,
  creator: Creator,
  /** ISO time the link stops working. */
  expiresAt: Type.String(),
  /** The identity sent through this link: none yet, waiting for review, approved, or rejected (send again). */
  submission: Type.Union([Type.Literal('none'), Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  /** The reviewer's words when rejected. */
  rejectionReason: Nullable(Type.String()),
});
export type Release = Static<typeof Release>;
export const ReleaseAnswer = Type.Object({ statusCode: Type.Literal(2), release: Release });
export type ReleaseAnswer = Static<typeof ReleaseAnswer>;

/** A picture as base64 (no `data:` prefix), as in the creator's verification. */
const IdentityImage = Type.String({ minLength: 16, maxLength: Math.ceil(IDENTITY_IMAGE_MAX_BYTES / 3) * 4 });
/** POST /api/release/:token: the guest's identity, consent and e-signature (JSON, pictures in base64). */
export const ReleaseBody = Type.Object(
  {
    legalName: PersonName,
    dateOfBirth: IsoDay,
    aliases: Type.Array(PersonName, { maxItems: MAX_ALIASES }),
    documentFront: IdentityImage,
    documentBack: Type.Optional(IdentityImage),
    selfie: IdentityImage,
    /** depicted and distribution are required. */
    scopes: Scopes,
    /** The legal name typed again as signature. */
    signature: PersonName,
    accept: Type.Literal(true),
  },
  { additionalProperties: false },
);
export type ReleaseBody = Static<typeof ReleaseBody>;
export const RELEASE_BODY_LIMIT = 3 * (Math.ceil(IDENTITY_IMAGE_MAX_BYTES / 3) * 4) + 64 * 1024;
