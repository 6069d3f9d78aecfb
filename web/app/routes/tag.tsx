import { redirect, type ShouldRevalidateFunction, useLocation } from 'react-router';
import { serverContext } from '#server-context';
import styles from '../components/discovery/discovery.module.css';
import { loadFromApi, readerContext } from '../components/discovery/discovery-data.server';
import type { PostList, TagView } from '../components/discovery/discovery-types';
import { PagedPostGrid } from '../components/discovery/PagedPostGrid';
import { TagHeader } from '../components/discovery/TagHeader';
import type { RouteHandle } from '../components/layout/layouts';
import { useTranslation } from '../i18n/react';
import { useLiveHit } from '../lib/live-messages';
import { pageMeta } from '../lib/meta';
import { orientationOf } from '../lib/orientation';
import { idOrUndefined, notFound, optionalId } from '../lib/route-params';
import type { Route } from './+types/tag';

export const handle: RouteHandle = { layout: 'default' };

const PAGE = 20;

/**
 * /tag/{tag}: the tag's header and posts. /tag/{tag}/{id} is a post of the tag: a tile of the page opens it
 * in the feed overlay over the page; followed from anywhere else, it opens the tag's feed in the player.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const name = params.tag.trim();
  if (!name || name.length > 100) notFound();
  const postId = optionalId('id' in params ? params.id : undefined);
  if (postId) {
    // Followed from outside the page (a shared address, another page's link), a post opens in the player.
    const suffix = orientationOf(new URL(request.url).pathname)?.suffix ?? '';
    throw redirect(`/video${suffix}?id=${postId}&tag=${encodeURIComponent(name)}`);
  }
  const reader = readerContext(request, context.get(serverContext));
  const { tag, x } = await loadFromApi<{ tag: TagView; x: number }>(
    reader,
    `/api/tag/translate?tag=${encodeURIComponent(name)}&lgbt=${reader.lgbt}`,
  );
  const filters = { tagId: String(tag.id), x: String(x), latest: '1' };
  const query = new URLSearchParams({ ...filters, lgbt: String(reader.lgbt), limit: String(PAGE) }).toString();
  const posts = await loadFromApi<PostList>(reader, `/api/post/?${query}`);
  return { tag, query, posts, filters, lgbt: reader.lgbt };
}

/** A post opened over the page, or closed again, changes only the id: the page keeps what it loaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams, defaultShouldRevalidate }) =>
  currentParams.tag === nextParams.tag && currentParams.id !== nextParams.id ? false : defaultShouldRevalidate;

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'tag', { tag: args.loaderData?.tag.name ?? '' });

export default function Tag({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { tag, query, posts, filters, lgbt } = loaderData;
  const label = t('discovery.tag.postsHeading', { tag: tag.name });
  const pagePath = `/tag${orientationOf(pathname)?.suffix ?? ''}/${encodeURIComponent(params.tag)}`;
  useLiveHit('hitTag', { tag: tag.tag });
  return (
    <div className={styles.page}>
      <TagHeader tag={tag} path={pagePath} lgbt={lgbt} />
      <section className={styles.section} aria-labelledby="tag-posts">
        <h2 id="tag-posts" className={styles.visuallyHidden}>
          {label}
        </h2>
        <PagedPostGrid
          first={posts}
          query={query}
          context={{ tag: tag.tag }}
          label={label}
          feed={{
            filters,
            lgbt,
            openedId: idOrUndefined(params.id),
            pagePath,
            linkOf: (post) => `${pagePath}/${post.id}`,
            label: tag.name,
          }}
        />
      </section>
    </div>
  );
}
