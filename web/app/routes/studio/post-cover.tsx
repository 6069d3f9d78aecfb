import { serverContext } from '#server-context';
import type { CoverAnswer } from '../../../../server/src/media/cover/cover-schema.ts';
import { CoverStudio } from '../../components/cover/CoverStudio';
import styles from '../../components/cover/CoverStudio.module.css';
import { coverAddress } from '../../components/cover/cover-api';
import { coverMessageKey } from '../../components/cover/cover-messages';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import { studioData } from '../../components/studio/studio-loader.server';
import { useTranslation } from '../../i18n/react';
import { idOrUndefined, notFound } from '../../lib/route-params';
import type { Route } from './+types/post-cover';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'cover.title');

/**
 * /studio/post/:postId/cover. A post whose cover cannot change (an image post, one still processing,
 * failed or removed) shows why in the tab; anyone else's post is the not-found page, as in the layout.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = idOrUndefined(params.postId) ?? notFound();
  const path = coverAddress(id);
  const answer = await context.get(serverContext).api<CoverAnswer | { statusCode: number; error?: string }>(path);
  if ('error' in answer && answer.error?.startsWith('cover_')) return { refusal: answer.error };
  const { cover } = await studioData<CoverAnswer>(async <T,>() => answer as T, request, path);
  return { cover };
}

export default function StudioPostCover({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if ('refusal' in loaderData) {
    return (
      <section className={styles.cover}>
        <h3 className={styles.title}>{t('cover.title')}</h3>
        <p className={styles.lead}>{t(coverMessageKey(loaderData.refusal))}</p>
      </section>
    );
  }
  return <CoverStudio key={loaderData.cover.mediaId} initial={loaderData.cover} />;
}
