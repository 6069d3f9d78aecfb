import type { Readable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { batchedHtml } from './batched-html.server';

export interface DocumentRenderOptions {
  /** The request's Content-Security-Policy nonce, for React's own inline scripts. */
  readonly nonce: string | undefined;
  /** Wait for the whole page (crawlers, SPA mode) instead of sending the shell first. */
  readonly whole: boolean;
  /** Parts still pending this long after the render started are abandoned to the browser. */
  readonly timeoutMs: number;
  /**
   * A part failed, or outran the timeout, after the shell went out with its status: the page is
   * incomplete although its status says otherwise.
   */
  readonly onLateFailure: (error: unknown) => void;
}

export interface RenderedDocument {
  readonly body: Readable;
  /** A part failed before the shell went out (it shows its error boundary): the page's status is 500. */
  readonly failedEarly: boolean;
}

/**
 * Renders a document to a stream, batched as React flushes it (batched-html.server.ts). Rejects when the
 * shell itself fails.
 */
export function renderDocument(element: ReactNode, options: DocumentRenderOptions): Promise<RenderedDocument> {
  return new Promise((resolve, reject) => {
    let shellSent = false;
    let failedEarly = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), options.timeoutMs);
    const ready = () => {
      shellSent = true;
      const body = batchedHtml(() => {
        clearTimeout(timeoutId);
        timeoutId = undefined;
      });
      pipe(body);
      resolve({ body, failedEarly });
    };
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce: options.nonce,
      ...(options.whole ? { onAllReady: ready } : { onShellReady: ready }),
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        // Errors of the shell itself reject above and are logged by React Router.
        if (!shellSent) {
          failedEarly = true;
          return;
        }
        console.error(error);
        options.onLateFailure(error);
      },
    });
  });
}
