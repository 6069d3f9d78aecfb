import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type, { type Static } from 'typebox';
import { sessionUserId } from '../accounts/auth.plugin.ts';
import { envelope, OK_ACTION } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import {
  OWNER_STATUSES,
  type PostEdit,
  type PostListParams,
  type PostService,
  readsHomeMix,
  TAGS_MAX,
  TITLE_MAX,
} from './posts.service.ts';
import { viewerOf } from './viewer.ts';

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Flag = Type.Integer({ minimum: 0, maximum: 1 });
const Offset = Type.Integer({ minimum: 0, maximum: 100_000 });
/** Comma-separated post ids (`seen`, `rest`), at most 200. */
const IdList = Type.Optional(Type.String({ maxLength: 4000, pattern: '^[0-9]{1,17}(,[0-9]{1,17}){0,199}$' }));
const LGBT_COOKIE = 'lgbtPreference';

const listQuery = Type.Object({
  mediaId: Type.Optional(Id),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  offset: Type.Optional(Offset),
  userId: Type.Optional(Id),
  likes: Type.Optional(Flag),
  following: Type.Optional(Flag),
  playlistId: Type.Optional(Id),
  pinsOnly: Type.Optional(Flag),
  lgbt: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
  tagId: Type.Optional(Id),
  t: Type.Optional(Type.Integer({ minimum: 0 })),
  cursor: Type.Optional(Type.String({ maxLength: 40 })),
  // Without filters the answer is the home mix (feed-mix.ts); latest=1 asks for newest first instead.
  latest: Type.Optional(Type.String({ maxLength: 10 })),
  seen: IdList,
  seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_646 })),
  x: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  rest: IdList,
  nsfhp: Type.Optional(Flag),
  // popular=1: the home mix in the Popular page's order (proven posts first, new ones after them).
  popular: Type.Optional(Flag),
});
type ListQuery = Static<typeof listQuery>;

const idsOf = (list: string | undefined) => (list ? [...new Set(list.split(',').map(Number))] : undefined);

/** Spec §4: every list follows the active orientation; without `lgbt` the visitor's lgbtPreference cookie decides. */
function orientation(query: ListQuery, cookies: Record<string, string | undefined> | undefined): number | undefined {
  if (query.lgbt !== undefined) return query.lgbt;
  const fromCookie = Number(cookies?.[LGBT_COOKIE]);
  return Number.isInteger(fromCookie) && fromCookie >= 0 && fromCookie <= 3 ? fromCookie : undefined;
}

const params = Type.Object({ id: Id });
type IdParams = Static<typeof params>;

const editFields = {
  title: Type.Optional(Type.String({ maxLength: TITLE_MAX })),
  tags: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: TAGS_MAX * 2 })),
  status: Type.Optional(Type.Union(OWNER_STATUSES.map((status) => Type.Literal(status)))),
};
const editBody = Type.Object(editFields);
const publishBody = Type.Object({ postId: Id, ...editFields });

/**
 * Spec §7 post calls. Lists answer `{posts, canLoadMore, t, cursor}`: `t` is the snapshot time of the first
 * page, sent back with later pages so posts published meanwhile do not shift the offsets; `cursor` is the
 * keyset position after the page, which a client may send instead of `offset`.
 */
export default async function postRoutes(app: FastifyInstance, { posts }: { posts: PostService }) {
  const list = async (request: FastifyRequest) => {
    const query = request.query as ListQuery;
    if (query.mediaId !== undefined) return envelope({ post: await posts.postOfMedia(request.session.userId, query.mediaId) });
    const params: PostListParams = {
      ...query,
      lgbt: orientation(query, request.cookies),
      seen: idsOf(query.seen),
      rest: idsOf(query.rest),
    };
    return envelope(await posts.list(viewerOf(request), params));
  };
  // Every anonymous caller gets the same list for the same parameters and orientation, except a visitor's
  // home mix, which pushes back what that visitor has seen.
  const sharedList = {
    sharedAnswer: {
      query: Object.keys(listQuery.properties),
      vary: (request: FastifyRequest) => {
        const query = request.query as ListQuery;
        if (request.session.visitorId !== undefined && readsHomeMix(query)) return undefined;
        return `lgbt=${orientation(query, request.cookies) ?? ''}`;
      },
    },
  };
  app.get('/api/post/', { schema: { querystring: listQuery }, config: sharedList }, list);
  app.get('/api/post', { schema: { querystring: listQuery }, config: sharedList }, list);

  app.get('/api/post/:id', { schema: { params }, config: { sharedAnswer: { query: [] } } }, async (request) =>
    envelope({ post: await posts.post(request.session.userId, (request.params as IdParams).id) }),
  );

  // Likers are people: only logged-in accounts see who liked a post they may see (README "Who liked").
  const likersQuery = Type.Object({ offset: Type.Optional(Offset) });
  app.get(
    '/api/post/likes/:id',
    { schema: { params, querystring: likersQuery }, preHandler: app.requireUser },
    async (request) => {
      const { offset = 0 } = request.query as Static<typeof likersQuery>;
      return envelope(await posts.likers(sessionUserId(request), (request.params as IdParams).id, offset));
    },
  );

  app.get('/api/debug/post/:id', { schema: { params } }, async (request) => {
    const { debugLevel, userId } = request.session;
    return envelope(await posts.debug(debugLevel, userId, (request.params as IdParams).id));
  });

  // The client shows post-updated-success / post-deleted-success on these answers (spec §8).
  app.put('/api/post/:id', { schema: { params, body: editBody }, preHandler: app.requireUser }, async (request) =>
    envelope({
      post: await posts.edit(sessionUserId(request), (request.params as IdParams).id, request.body as PostEdit),
      message: 'post-updated-success',
    }),
  );

  app.post('/api/post', { schema: { body: publishBody }, preHandler: app.requireUser }, async (request) => {
    const { postId, ...changes } = request.body as Static<typeof publishBody>;
    if (Object.keys(changes).length === 0) {
      throw new AppError('invalid_input', { details: [{ field: 'body', problem: 'title, tags or status is required' }] });
    }
    return envelope({
      post: await posts.edit(sessionUserId(request), postId, changes as PostEdit),
      message: 'post-updated-success',
    });
  });

  app.delete('/api/post/:id', { schema: { params }, preHandler: app.requireUser }, async (request) => {
    await posts.remove(sessionUserId(request), (request.params as IdParams).id);
    return envelope({ deleted: true, message: 'post-deleted-success' }, OK_ACTION);
  });
}
