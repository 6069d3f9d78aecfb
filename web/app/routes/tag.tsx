import { redirect } from 'react-router';
import { serverContext } from '#server-context';
import styles from '../components/discovery/discovery.module.css';
import { loadFromApi, readerContext } from '../components/discovery/discovery-data.server';
import type { PostList, TagView } from '../components/discovery/discovery-types';
import { PagedPostGrid } from '../components/discovery/PagedPostGrid';
import { TagHeader } from '../components/discovery/TagHeader';
import type { RouteHandle } from '../components/layout/layouts';
import { useTranslation } from '../i18n/react';
import { pageMeta } from '../lib/meta';
import { orientationOf } from '../lib/orientation';
import { notFound, optionalId } from '../lib/route-params';
import type { Route } from './+types/tag';

export const handle: RouteHandle = { layout: 'default' };

const PAGE = 20;

/** /tag/{tag}: the tag's header and posts; /tag/{tag}/{id} opens the tag's feed at that post in the player. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const name = params.tag.trim();
  if (!name || name.length > 100) notFound();
  const postId = optionalId('id' in params ? params.id : undefined);
  if (postId) {
    const suffix = orientationOf(new URL(request.url).pathname)?.suffix ?? '';
    throw redirect(`/video${suffix}?id=${postId}&tag=${encodeURIComponent(name)}`);
  }
  const reader = readerContext(request, context.get(serverContext));
  const { tag, x } = await loadFromApi<{ tag: TagView; x: number }>(
    reader,
    `/api/tag/translate?tag=${encodeURIComponent(name)}&lgbt=${reader.lgbt}`,
  );
  const query = `tagId=${tag.id}&x=${x}&lgbt=${reader.lgbt}&latest=1&limit=${PAGE}`;
  const posts = await loadFromApi<PostList>(reader, `/api/post/?${query}`);
  return { tag, query, posts };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'tag', { tag: args.loaderData?.tag.name ?? '' });

export default function Tag({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { tag, query, posts } = loaderData;
  return (
    <div className={styles.page}>
      <TagHeader tag={tag} />
      <section className={styles.section} aria-labelledby="tag-posts">
        <h2 id="tag-posts" className={styles.visuallyHidden}>
          {t('discovery.tag.postsHeading', { tag: tag.name })}
        </h2>
        <PagedPostGrid
          first={posts}
          query={query}
          context={{ tag: tag.tag }}
          label={t('discovery.tag.postsHeading', { tag: tag.name })}
        />
      </section>
    </div>
  );
}
