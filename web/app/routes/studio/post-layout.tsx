import { Link, Outlet } from 'react-router';
import { serverContext } from '#server-context';
import type { StudioPostAnswer } from '../../../../server/src/studio/studio-schema.ts';
import { StateBadge } from '../../components/studio/StateBadge';
import styles from '../../components/studio/Studio.module.css';
import { studioData } from '../../components/studio/studio-loader.server';
import { NavTabs } from '../../components/ui/NavTabs';
import { useTranslation } from '../../i18n/react';
import { idOrUndefined, notFound } from '../../lib/route-params';
import type { Route } from './+types/post-layout';

/** /studio/post/:postId: one of the owner's posts; anyone else's, or none, is the not-found page. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = idOrUndefined(params.postId) ?? notFound();
  const { post } = await studioData<StudioPostAnswer>(context.get(serverContext).api, request, `/api/studio/posts/${id}`);
  return { post };
}

/** The post editor: which post, and its tabs (details, captions, cover, analytics) over the page of each. */
export default function StudioPostEditor({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { post } = loaderData;
  const base = `/studio/post/${post.id}`;
  return (
    <div className={styles.editor}>
      <div className={styles.editorHeader}>
        <span className={styles.thumb}>{post.thumbnail ? <img src={post.thumbnail} alt="" width={54} height={72} /> : null}</span>
        <div className={styles.editorTitle}>
          <Link to="/studio" className={styles.back}>
            {t('studio.allPosts')}
          </Link>
          <h2 dir="auto">{post.title.trim() || t('studio.untitled')}</h2>
          <span>
            <StateBadge state={post.state} status={post.status} />
          </span>
        </div>
      </div>
      <NavTabs
        size="small"
        label={t('studio.editorTabs.label')}
        tabs={[
          { to: base, label: t('studio.editorTabs.details'), end: true },
          { to: `${base}/captions`, label: t('studio.editorTabs.captions') },
          { to: `${base}/cover`, label: t('studio.editorTabs.cover') },
          { to: `${base}/performers`, label: t('performers.manifest.tab') },
          { to: `${base}/analytics`, label: t('studio.editorTabs.analytics') },
        ]}
      />
      <Outlet />
    </div>
  );
}
