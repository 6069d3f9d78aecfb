import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { ensureMessages } from './i18n/message-store';

/**
 * React Router's default client entry, except that hydration waits for the page's messages: the server
 * rendered with them and they are not inlined (i18n/README.md), so the first render in the browser must
 * have them to match. The document head preloads them (root.tsx), so this wait overlaps the scripts'.
 */
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

const preload = document.querySelector<HTMLLinkElement>('link[rel="preload"][as="fetch"][href^="/translations/client/"]');
const version = preload && new URL(preload.href).searchParams.get('v');
if (version) {
  // Without its messages the page still becomes usable: React renders it again on the client, untranslated.
  ensureMessages(document.documentElement.lang, version).then(hydrate, (error: unknown) => {
    console.error(error);
    hydrate();
  });
} else {
  hydrate();
}
