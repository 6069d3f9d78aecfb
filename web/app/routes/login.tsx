import { serverContext } from '#server-context';
import { LoginPanel } from '../components/account/LoginPanel';
import type { LoginProviders } from '../components/account/SocialLogin';
import type { RouteHandle } from '../components/layout/layouts';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/login';

export const handle: RouteHandle = { layout: 'desktop-empty' };

export const meta = (args: Route.MetaArgs) => [...pageMeta(args, 'login'), { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await context
    .get(serverContext)
    .api<Partial<LoginProviders> & { statusCode?: number }>('/api/login-providers')
    .catch(() => undefined);
  const providers: LoginProviders = { google: answer?.google ?? null, apple: answer?.apple ?? null };
  const url = new URL(request.url);
  return { providers, next: url.searchParams.get('next'), signup: url.searchParams.has('signup') };
}

export default function Login({ loaderData }: Route.ComponentProps) {
  return <LoginPanel next={loaderData.next} initialMode={loaderData.signup ? 'signup' : 'login'} />;
}
