import { serverContext } from '#server-context';
import { loadFromApi, readerContext } from '../components/discovery/discovery-data.server';
import type { PlaylistView, PostList } from '../components/discovery/discovery-types';
import { PlaylistPlayer } from '../components/discovery/PlaylistPlayer';
import type { RouteHandle } from '../components/layout/layouts';
import { useLiveHit } from '../lib/live-messages';
import { pageMeta } from '../lib/meta';
import { orientationOf } from '../lib/orientation';
import { optionalId, requirePlaylist } from '../lib/route-params';
import type { Route } from './+types/play';

export const handle: RouteHandle = { layout: 'desktop-feed' };

const PAGE = 20;
/** How deep the loader looks for the post to start at before starting from the first one. */
const START_PAGES_MAX = 5;

/** /play/{id}-{name}[/{postId}] (mobile: ?playFeed={postId}): the playlist played from that post. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = requirePlaylist(params.playlist);
  const id = Number.parseInt(slug, 10);
  const url = new URL(request.url);
  const start = Number(
    optionalId('id' in params ? params.id : undefined) ?? optionalId(url.searchParams.get('playFeed') ?? undefined) ?? 0,
  );
  const reader = readerContext(request, context.get(serverContext));
  const [{ playlists }, first] = await Promise.all([
    loadFromApi<{ playlists: PlaylistView[] }>(reader, `/api/playlist/?playlistId=${id}`),
    loadFromApi<PostList>(reader, `/api/post/?playlistId=${id}&limit=${PAGE}`),
  ]);
  let posts = first;
  for (
    let page = 1;
    start && page < START_PAGES_MAX && posts.canLoadMore && !posts.posts.some((post) => post.id === start);
    page++
  ) {
    const position = posts.cursor ? `cursor=${encodeURIComponent(posts.cursor)}` : `offset=${posts.posts.length}`;
    const next = await loadFromApi<PostList>(reader, `/api/post/?playlistId=${id}&limit=${PAGE}&t=${first.t}&${position}`);
    posts = { ...next, posts: [...posts.posts, ...next.posts] };
  }
  const suffix = orientationOf(url.pathname)?.suffix ?? '';
  return { playlist: playlists[0] as PlaylistView, posts, start, base: `/play${suffix}/${slug}` };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'play');

export default function Play({ loaderData }: Route.ComponentProps) {
  const { playlist, posts, start, base } = loaderData;
  useLiveHit('hitPlaylist', { id: playlist.id });
  return <PlaylistPlayer key={playlist.id} playlist={playlist} first={posts} startAt={start} base={base} />;
}
