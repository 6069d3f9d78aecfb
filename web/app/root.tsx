import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
} from 'react-router';
import { serverContext } from '#server-context';
import type { Route } from './+types/root';
import { AccountSession } from './components/account/AccountSession';
import { ConsentProvider } from './components/consent/ConsentProvider';
import { AppShell } from './components/layout/AppShell';
import { useLayout } from './components/layout/layouts';
import { SiteExperience } from './components/layout/SiteExperience';
import { reloadAfterChunkError } from './components/layout/useLandingQuery';
import { pwaLinks } from './components/pwa/pwa-links';
import { AppearanceProvider, ThemedHtml } from './components/theme/AppearanceProvider';
import { directionOf, i18nFor } from './i18n/config';
import { ensureMessages, messagesUrl } from './i18n/message-store';
import { I18nProvider } from './i18n/react';
import { isChunkLoadError } from './lib/chunk-errors';
import { cutDescription } from './lib/meta';
import { useRootData } from './lib/root-data';
import { loadRootData } from './lib/root-loader.server';
import { defaultAccent } from './lib/theme';
import stylesheet from './styles/global.css?url';

// Error pages load when needed: a first visit that goes well never shows them. Their styles stay with the
// shell's (imported here), so a server-rendered error page is styled before its script has arrived.
import './components/errors/ErrorPage.module.css';
import './components/layout/SiteUpdating.module.css';

const ErrorPage = lazy(() => import('./components/errors/ErrorPage').then((module) => ({ default: module.ErrorPage })));
const SiteUpdating = lazy(() => import('./components/layout/SiteUpdating').then((module) => ({ default: module.SiteUpdating })));

// The service worker registers after the page has loaded; its update flag and the iOS prompt come later still.
const PwaSupport = lazy(() => import('./components/pwa/PwaSupport'));
// Only where the site is not offered (a page without controls): no visit elsewhere loads it.
const JurisdictionNotice = lazy(() => import('./components/age-assurance/JurisdictionNotice'));
const LiveLayer = lazy(() => import('./components/notifications/LiveLayer').then((module) => ({ default: module.LiveLayer })));

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }, ...pwaLinks];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadRootData(request, context.get(serverContext));
}

/** A revalidation that changes the language renders once its messages are here (entry.client.tsx loads the first page's). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const page = await serverLoader();
  await ensureMessages(page.locale, page.messagesVersion);
  return page;
}

/**
 * Root data (language, theme) depends on ?lang and cookies, not on the path or other parameters, so
 * typing a search does not reload it; forms and explicit revalidation still refresh it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  // Leaving /login: the session changed there, and the revalidation it started may have been cut short by
  // this very navigation (Continue pressed while it ran), so the shell must read the viewer again.
  if (currentUrl.pathname === '/login') return true;
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
  const page = useRootData();
  const i18n = i18nFor(page);
  // Until React has hydrated the server's HTML a tap on a control does nothing. The mark tells a live page
  // from that HTML: end-to-end tests wait for it before they touch anything.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <ConsentProvider initial={page?.consent} signedIn={page?.signedIn ?? false} locale={i18n.language}>
      <AppearanceProvider theme={page?.theme ?? 'system'} accent={page?.accent ?? defaultAccent}>
        <ThemedHtml lang={i18n.language} dir={directionOf(i18n.language)}>
          <head>
            <meta charSet="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
            <Meta />
            {page && (
              <link rel="preload" as="fetch" crossOrigin="anonymous" href={messagesUrl(page.locale, page.messagesVersion)} />
            )}
            <Links />
          </head>
          <body>
            <I18nProvider translator={i18n}>
              <SiteExperience>
                <AccountSession>{children}</AccountSession>
              </SiteExperience>
              <Suspense>
                <PwaSupport />
              </Suspense>
            </I18nProvider>
            <ScrollRestoration />
            <Scripts />
          </body>
        </ThemedHtml>
      </AppearanceProvider>
    </ConsentProvider>
  );
}

// The socket, toasts and live badges start after hydration, in a chunk of their own: they render nothing
// on the server and nothing until an event arrives, so the first load does not carry them.
export default function App({ loaderData }: Route.ComponentProps) {
  const layout = useLayout();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!loaderData.settings) {
    return (
      <Suspense>
        <SiteUpdating />
      </Suspense>
    );
  }
  if (loaderData.ageAssurance?.requirement === 'blocked') return <BlockedNotice />;
  return (
    <>
      <AppShell layout={layout}>
        <Outlet />
      </AppShell>
      {hydrated && (
        <Suspense>
          <LiveLayer />
        </Suspense>
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const page = useRootData();
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }, [error]);
  // Without root data (its loader failed) only the error page's own messages exist: no site chrome.
  if (!page) {
    return (
      <main id="content">
        <Suspense>
          <ErrorPage notFound={isNotFound(error)} />
        </Suspense>
      </main>
    );
  }
  // A blocked place's pages fail on the API's refusal: the notice is their answer, not an error page.
  if (page.ageAssurance?.requirement === 'blocked') return <BlockedNotice />;
  return (
    <AppShell layout="default">
      <Suspense>
        <ErrorPage notFound={isNotFound(error)} />
      </Suspense>
    </AppShell>
  );
}

function BlockedNotice() {
  return (
    <Suspense>
      <JurisdictionNotice />
    </Suspense>
  );
}
