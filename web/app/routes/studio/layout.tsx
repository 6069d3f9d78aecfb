import { isRouteErrorResponse, Link, Outlet } from 'react-router';
import { serverContext } from '#server-context';
import forms from '../../components/account/forms.module.css';
import { ErrorPage } from '../../components/errors/ErrorPage';
import type { RouteHandle } from '../../components/layout/layouts';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import styles from '../../components/studio/Studio.module.css';
import { requireCreator } from '../../components/studio/studio-loader.server';
import { NavTabs } from '../../components/ui/NavTabs';
import { useTranslation } from '../../i18n/react';
import type { Route } from './+types/layout';

export const handle: RouteHandle = { layout: 'desktop' };

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'studio.metaTitle');

/** The studio is its owner's (spec §6 authonly, as /new-post): visitors log in first and come back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCreator(context.get(serverContext).api, request);
  return null;
}

/** The creator studio: its sections as tabs over the page of each (posts, analytics, export). */
export default function StudioLayout() {
  const { t } = useTranslation();
  return (
    <div className={styles.studio}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('studio.title')}</h1>
          <p className={styles.lead}>{t('studio.lead')}</p>
        </div>
        <Link to="/new-post" className={forms.primary}>
          {t('studio.upload')}
        </Link>
      </header>
      <NavTabs
        label={t('studio.tabs.label')}
        tabs={[
          { to: '/studio', label: t('studio.tabs.posts'), end: true, alsoFor: ['/studio/post'] },
          { to: '/studio/analytics', label: t('studio.tabs.analytics') },
          { to: '/studio/appearances', label: t('performers.appearances.title') },
          { to: '/studio/export', label: t('studio.tabs.export') },
        ]}
      />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage notFound={isRouteErrorResponse(error) && error.status === 404} />;
}
