import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useRouteLoaderData,
} from 'react-router';
import { serverContext } from '#server-context';
import type { Route } from './+types/root';
import { ErrorPage } from './components/errors/ErrorPage';
import { AppShell } from './components/layout/AppShell';
import { useLayout } from './components/layout/layouts';
import { directionOf, i18nFor } from './i18n/config';
import { languageCookie, loadMessages, pickLocale } from './i18n/locale.server';
import { readCookie } from './lib/cookies';
import { cutDescription } from './lib/meta';
import { defaultAccent, themeFromCookie } from './lib/theme';
import stylesheet from './styles/global.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, fromQuery } = pickLocale(request, context.get(serverContext).defaultLocale);
  const page = {
    locale,
    messages: await loadMessages(locale),
    theme: themeFromCookie(readCookie(request.headers.get('cookie'), 'prefersDarkScheme')),
    accent: defaultAccent,
  };
  return fromQuery ? data(page, { headers: { 'Set-Cookie': languageCookie(locale) } }) : page;
}

/**
 * Root data (language, theme) depends on ?lang and cookies, not on the path or other parameters, so
 * typing a search does not resend the translations; forms and explicit revalidation still refresh it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return currentUrl.searchParams.get('lang') !== nextUrl.searchParams.get('lang');
};

function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/** Only shown for errors: every page route sets its own title and description. */
export const meta: Route.MetaFunction = ({ error, loaderData }) => {
  const { t } = i18nFor(loaderData);
  const notFound = isNotFound(error);
  return [
    { title: t('meta.titleTemplate', { title: notFound ? t('error.notFoundTitle') : t('error.title') }) },
    { name: 'description', content: cutDescription(notFound ? t('error.notFoundMessage') : t('error.message')) },
    { name: 'robots', content: 'noindex' },
  ];
};

export function Layout({ children }: { children: ReactNode }) {
  const page = useRouteLoaderData<typeof loader>('root');
  const i18n = i18nFor(page);
  return (
    <html
      lang={i18n.language}
      dir={directionOf(i18n.language)}
      data-theme={page?.theme ?? 'system'}
      data-accent={page?.accent ?? defaultAccent}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <AppShell layout={useLayout()}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AppShell layout="default">
      <ErrorPage notFound={isNotFound(error)} />
    </AppShell>
  );
}
