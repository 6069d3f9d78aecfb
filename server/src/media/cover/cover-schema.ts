import Type, { type Static } from 'typebox';

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const coverParams = Type.Object({ postId: Id });
export type CoverParams = Static<typeof coverParams>;

/** A moment of the video, in milliseconds from its start; the service checks it against the duration. */
export const coverFrameBody = Type.Object(
  { timeMs: Type.Integer({ minimum: 0, maximum: 86_400_000 }) },
  { additionalProperties: false },
);
export type CoverFrameBody = Static<typeof coverFrameBody>;

const Still = Type.Object({ webp: Type.Optional(Type.String()), jpg: Type.Optional(Type.String()) });

/** The owner's latest cover request: `pending` while its job runs, then `done` or `failed` with the reason code. */
export const CoverRequestView = Type.Object({
  id: Id,
  source: Type.Union([Type.Literal('frame'), Type.Literal('image')]),
  timeMs: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Union([Type.Literal('pending'), Type.Literal('done'), Type.Literal('failed')]),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type CoverRequestView = Static<typeof CoverRequestView>;

/** What the studio's cover tab shows: the video to scrub, the cover now served, and the latest request. */
export const CoverView = Type.Object({
  postId: Id,
  mediaId: Id,
  durationMs: Type.Integer({ minimum: 0 }),
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
  /** The smallest MP4 rendition: enough to scrub and preview frames. */
  video: Type.String(),
  poster: Still,
  listing: Still,
  /** ThumbHash of the current poster, base64. */
  placeholder: Type.Union([Type.String(), Type.Null()]),
  request: Type.Union([CoverRequestView, Type.Null()]),
});
export type CoverView = Static<typeof CoverView>;

/** The answer of every cover route: `GET` and both `POST`s. */
export const CoverAnswer = Type.Object({ statusCode: Type.Literal(2), cover: CoverView });
export type CoverAnswer = Static<typeof CoverAnswer>;
