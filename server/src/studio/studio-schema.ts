import Type, { type Static } from 'typebox';
import { PostStatus } from '../posts/post-status.ts';
import { type StudioState, studioStates } from './studio-rules.ts';

export { SCHEDULE_MAX_DAYS, SCHEDULE_MIN_LEAD_MS, type StudioState, studioStates } from './studio-rules.ts';

/** Request and answer shapes of the studio routes (studio/README.md); the web app imports the answer types. */

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const IdParams = Type.Object({ id: Id });

export const STUDIO_PAGE = 20;
export const STUDIO_PAGE_MAX = 50;

const PIPELINE: readonly number[] = [PostStatus.created, PostStatus.processing, PostStatus.queued, PostStatus.checking];

/** The post statuses each state stands for. */
export const statusesOfState: Readonly<Record<StudioState, readonly number[]>> = {
  draft: [PostStatus.draft],
  scheduled: [PostStatus.scheduled],
  processing: PIPELINE,
  // Waiting for a moderator or for the people in it (13): either way the owner waits on someone else.
  review: [PostStatus.inReview, PostStatus.awaitingPerformers],
  failed: [PostStatus.failed],
  private: [PostStatus.private],
  published: [PostStatus.published],
  blocked: [PostStatus.blocked],
};

export function stateOfStatus(status: number): StudioState {
  const found = studioStates.find((state) => statusesOfState[state].includes(status));
  return found ?? 'processing';
}

export function inPipeline(status: number): boolean {
  return PIPELINE.includes(status);
}

export const StudioListQuery = Type.Object(
  {
    state: Type.Optional(Type.Enum(studioStates)),
    cursor: Type.Optional(Type.String({ maxLength: 40, pattern: '^-?[0-9]{1,17}_[0-9]{1,17}$' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: STUDIO_PAGE_MAX })),
  },
  { additionalProperties: false },
);
export type StudioListQuery = Static<typeof StudioListQuery>;

const Timestamp = Type.String({ format: 'date-time' });
const NullableTime = Type.Union([Timestamp, Type.Null()]);
const StateSchema = Type.Enum(studioStates);
/** What becomes of a post still in the pipeline when processing ends. */
const TargetSchema = Type.Union([
  Type.Literal('published'),
  Type.Literal('private'),
  Type.Literal('draft'),
  Type.Literal('scheduled'),
]);
export type StudioTarget = Static<typeof TargetSchema>;

/** One row of the studio's list. */
export const StudioPostRow = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  state: StateSchema,
  status: Type.Integer(),
  target: TargetSchema,
  /** When a scheduled post (or one in the pipeline with a schedule) goes public. */
  scheduledAt: NullableTime,
  createdAt: Timestamp,
  publishedAt: NullableTime,
  viewCount: Type.Integer(),
  likesCount: Type.Integer(),
  /** The smallest still of the first media file; empty while there is none. */
  thumbnail: Type.String(),
  /** Seconds, for videos. */
  duration: Type.Union([Type.Number(), Type.Null()]),
});
export type StudioPostRow = Static<typeof StudioPostRow>;

export const StudioPostsAnswer = Type.Object({
  statusCode: Type.Literal(2),
  posts: Type.Array(StudioPostRow),
  /** Send back as `cursor` for the next page; null at the end. */
  cursor: Type.Union([Type.String(), Type.Null()]),
});
export type StudioPostsAnswer = Static<typeof StudioPostsAnswer>;

export const PostSettings = Type.Object({
  allowEmbedding: Type.Boolean(),
  allowDownloads: Type.Boolean(),
  /** Always false: the product has no comments yet (studio/README.md). */
  allowComments: Type.Literal(false),
});
export type PostSettings = Static<typeof PostSettings>;

export const StudioMedia = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Type.String(),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
  duration: Type.Union([Type.Number(), Type.Null()]),
  /** Rendition name → URL under /media/ (served to the owner whatever the post's state). */
  variants: Type.Record(Type.String(), Type.String()),
});

/** The post editor's post: the row plus what its tabs edit. */
export const StudioPost = Type.Intersect([
  StudioPostRow,
  Type.Object({
    lgbt: Type.Integer(),
    tags: Type.Array(Type.Object({ id: Type.Integer(), tag: Type.String() })),
    settings: PostSettings,
    media: Type.Array(StudioMedia),
  }),
]);
export type StudioPost = Static<typeof StudioPost>;

export const StudioPostAnswer = Type.Object({ statusCode: Type.Literal(2), post: StudioPost });
export type StudioPostAnswer = Static<typeof StudioPostAnswer>;

export const ScheduleBody = Type.Object(
  { at: Type.String({ format: 'date-time', maxLength: 40 }) },
  { additionalProperties: false },
);
export type ScheduleBody = Static<typeof ScheduleBody>;

export const PublishBody = Type.Object(
  { status: Type.Optional(Type.Union([Type.Literal(PostStatus.published), Type.Literal(PostStatus.private)])) },
  { additionalProperties: false },
);
export type PublishBody = Static<typeof PublishBody>;

export const SettingsBody = Type.Object(
  { allowEmbedding: Type.Optional(Type.Boolean()), allowDownloads: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);
export type SettingsBody = Static<typeof SettingsBody>;
