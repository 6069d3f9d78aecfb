import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { serverContext } from '#server-context';

export async function loader({ context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const settings = await server.api<{ statusCode: number; languages: { bcp47: string; dir: string }[] }>('/api/settings');
  return { lang: 'en-US', dir: 'ltr' as const, languages: settings.languages.length };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang={data?.lang ?? 'en-US'} dir={data?.dir ?? 'ltr'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <p>{isRouteErrorResponse(error) ? error.status : 'error'}</p>;
}
