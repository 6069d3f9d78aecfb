import { serverContext } from '#server-context';
import type { RouteHandle } from '../components/layout/layouts';
import { ProfileUsersPage } from '../components/profile/ProfileUsersPage';
import { avatarOf, loadPosts, loadProfile, loadUsers } from '../components/profile/profile-data.server';
import { pageMeta } from '../lib/meta';
import { requireUsername } from '../lib/route-params';
import type { Route } from './+types/profile-followers';

export const handle: RouteHandle = { layout: 'default' };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = context.get(serverContext);
  const profile = await loadProfile(api, requireUsername(params.profile));
  const [page, posts] = await Promise.all([
    loadUsers(api, `/api/user/${profile.id}/followers`),
    profile.avatar ? undefined : loadPosts(api, `/api/post/?userId=${profile.id}&limit=1`),
  ]);
  return { profile, page, avatar: avatarOf(profile, posts?.posts ?? []) };
}

export const meta = (args: Route.MetaArgs) =>
  pageMeta(args, 'profileFollowers', { username: args.loaderData?.profile.username ?? args.params.profile });

export default function ProfileFollowers({ loaderData }: Route.ComponentProps) {
  return <ProfileUsersPage kind="followers" {...loaderData} />;
}
