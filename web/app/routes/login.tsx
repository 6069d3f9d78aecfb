import { redirect } from 'react-router';
import { serverContext } from '#server-context';
import { LoginPanel } from '../components/account/LoginPanel';
import type { LoginProviders } from '../components/account/SocialLogin';
import type { RouteHandle } from '../components/layout/layouts';
import { pageMeta } from '../lib/meta';
import { safeNextPath } from '../lib/session';
import type { Route } from './+types/login';

export const handle: RouteHandle = { layout: 'desktop-empty' };

export const meta = (args: Route.MetaArgs) => [...pageMeta(args, 'login'), { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = context.get(serverContext);
  const url = new URL(request.url);
  // A page load by someone logged in goes straight on. Not a data request: sign-up revalidates this page
  // after logging in and stays on it for the verify dialog (LoginPanel goes on in the browser otherwise).
  if (!url.pathname.endsWith('.data')) {
    const me = await api<{ statusCode?: number }>('/api/user/me');
    if (me.statusCode === 2) throw redirect(safeNextPath(url.searchParams.get('next')));
  }
  const answer = await api<Partial<LoginProviders> & { statusCode?: number }>('/api/login-providers').catch(() => undefined);
  const providers: LoginProviders = { google: answer?.google ?? null, apple: answer?.apple ?? null };
  return { providers, next: url.searchParams.get('next'), signup: url.searchParams.has('signup') };
}

export default function Login({ loaderData }: Route.ComponentProps) {
  return <LoginPanel next={loaderData.next} initialMode={loaderData.signup ? 'signup' : 'login'} />;
}
