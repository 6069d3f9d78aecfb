import { isRouteErrorResponse, Outlet } from 'react-router';
import { serverContext } from '#server-context';
import { ErrorPage } from '../../components/errors/ErrorPage';
import type { RouteHandle } from '../../components/layout/layouts';
import styles from '../../components/moderation/Admin.module.css';
import { AdminNav } from '../../components/moderation/AdminNav';
import { adminData } from '../../components/moderation/admin-loader.server';
import type { StaffMeAnswer } from '../../components/moderation/admin-types';
import { Forbidden } from '../../components/moderation/Forbidden';
import type { Route } from './+types/layout';

export const handle: RouteHandle = { layout: 'desktop' };

/** Every console page passes through here: the API refuses anyone who is not staff, and so does the page. */
export async function loader({ context }: Route.LoaderArgs) {
  return adminData<StaffMeAnswer>(context.get(serverContext).api, '/api/admin/me');
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className={styles.console}>
      <AdminNav isAdmin={loaderData.roles.includes('admin')} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) return <Forbidden />;
  return <ErrorPage notFound={isRouteErrorResponse(error) && error.status === 404} />;
}
