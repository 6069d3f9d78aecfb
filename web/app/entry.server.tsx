import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { type EntryContext, type RouterContextProvider, ServerRouter } from 'react-router';
import { serverContext } from '#server-context';
import { renderDocument } from './lib/render-document.server';

export const streamTimeout = 5_000;

/**
 * React Router's default server entry, plus the request's Content-Security-Policy nonce
 * (http/security.ts): ServerRouter hands it to <Scripts>, <ScrollRestoration>, <Links> and the streamed
 * data scripts, and React puts it on its own inline scripts, so no inline script runs without it.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { cspNonce, renderFailed } = loadContext.get(serverContext);
  const userAgent = request.headers.get('user-agent');
  const { body, failedEarly } = await renderDocument(
    <ServerRouter context={routerContext} url={request.url} nonce={cspNonce || undefined} />,
    {
      nonce: cspNonce || undefined,
      // Crawlers get the whole page at once, people the shell first.
      whole: Boolean(userAgent && isbot(userAgent)) || routerContext.isSpaMode,
      timeoutMs: streamTimeout + 1000,
      onLateFailure: renderFailed,
    },
  );
  responseHeaders.set('Content-Type', 'text/html');
  return new Response(createReadableStreamFromReadable(body), {
    headers: responseHeaders,
    status: failedEarly ? 500 : responseStatusCode,
  });
}
