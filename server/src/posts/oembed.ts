import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { envelope } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import type { PostCard } from './post-card.ts';
import type { PostService } from './posts.service.ts';

/** Spec §9: the embed iframe is 420 wide and 420/aspectRatio + 87 high (87 px for the player's bar). */
export const EMBED_WIDTH = 420;
export const EMBED_BAR = 87;
/** Portrait 9:16 when a post's media has no known size. */
const DEFAULT_ASPECT = 9 / 16;

/** The post id in a link to a post on this site: /video?id=, /embed/{id}, /{profile}/post/{id}, /user/{u}/{id}. */
export function postIdOfLink(link: string, baseUrl: string): number | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(baseUrl).origin) return undefined;
  const path = url.pathname.replace(/\/+$/, '');
  const fromQuery = /^\/video(?:-gay|-trans|2)?$/.test(path) ? url.searchParams.get('id') : null;
  const fromPath =
    /^\/embed\/(\d+)$/.exec(path)?.[1] ??
    /^\/user\/[^/]+\/(\d+)$/.exec(path)?.[1] ??
    /^\/(?:popular(?:-gay|-trans)?|my-like)\/[^/]+\/(\d+)$/.exec(path)?.[1] ??
    /^\/[^/]+\/post\/(\d+)$/.exec(path)?.[1];
  const id = Number(fromQuery ?? fromPath);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export function embedHeight(post: Pick<PostCard, 'media'>): number {
  const first = post.media[0];
  const aspect = first?.width && first.height ? first.width / first.height : DEFAULT_ASPECT;
  return Math.round(EMBED_WIDTH / aspect + EMBED_BAR);
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The oEmbed 1.0 answer (https://oembed.com) for a public post, inside the spec's envelope. */
export function oembedOf(post: PostCard, baseUrl: string) {
  const origin = new URL(baseUrl).origin;
  const height = embedHeight(post);
  const src = `${origin}/embed/${post.id}`;
  const poster = post.media[0]?.variants['poster-jpg'];
  return {
    version: '1.0',
    type: 'video',
    provider_name: 'Velvet',
    provider_url: `${origin}/`,
    title: post.title,
    author_name: post.user.displayName || post.user.username,
    author_url: `${origin}/${post.user.username}`,
    width: EMBED_WIDTH,
    height,
    html: `<iframe src="${escapeAttribute(src)}" width="${EMBED_WIDTH}" height="${height}" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen title="${escapeAttribute(post.title)}"></iframe>`,
    ...(poster ? { thumbnail_url: `${origin}${poster}`, thumbnail_width: 600, thumbnail_height: 800 } : {}),
  };
}

/**
 * GET /api/oembed?url={post link}[&format=json]: only JSON is offered; a link that is not one of our
 * post pages is `invalid_post_link`, a post the public cannot see is `not_found`, one whose creator turned
 * embedding off (studio/README.md) is `embedding_disabled`.
 */
export default async function oembedRoutes(app: FastifyInstance, { posts, baseUrl }: { posts: PostService; baseUrl: string }) {
  const query = Type.Object({
    url: Type.String({ minLength: 1, maxLength: 2000 }),
    format: Type.Optional(Type.Literal('json')),
    maxwidth: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    maxheight: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  });
  app.get('/api/oembed', { schema: { querystring: query }, config: { sharedAnswer: { query: ['url'] } } }, async (request) => {
    const { url } = request.query as Static<typeof query>;
    const postId = postIdOfLink(url, baseUrl);
    if (postId === undefined) throw new AppError('invalid_post_link');
    const post = await posts.post(undefined, postId);
    if (!post.allowEmbedding) throw new AppError('embedding_disabled');
    return envelope(oembedOf(post, baseUrl));
  });
}
