import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** The budget for the JavaScript of a first visit to the home page, gzip-compressed. */
export const FIRST_LOAD_JS_BUDGET_BYTES = 130 * 1024;

export interface ScriptSize {
  readonly url: string;
  /** The script itself. */
  readonly bytes: number;
  /** What the server sent for it to a browser that accepts gzip (the script itself when it sent it uncompressed). */
  readonly gzipBytes: number;
}

export interface FirstLoadJs {
  readonly totalBytes: number;
  readonly totalGzipBytes: number;
  readonly withinBudget: boolean;
  readonly scripts: readonly ScriptSize[];
}

const attribute = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i'))?.[1];

/**
 * The scripts a page loads as it arrives: modulepreload links, module scripts with a src, and the
 * modules that inline module scripts import. React Router lists every static import of the entry and
 * the matched routes as a modulepreload, so no file needs to be parsed for further imports.
 */
export function firstLoadScripts(html: string, pageUrl: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    if (attribute(tag, 'rel')?.toLowerCase() === 'modulepreload' && href) found.push(href);
  }
  for (const [, openTag = '', body = ''] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    if (attribute(openTag, 'type') !== 'module') continue;
    const src = attribute(openTag, 'src');
    if (src) found.push(src);
    for (const [, specifier = ''] of body.matchAll(/\bimport\s*(?:\(\s*|[^'"()]*?\bfrom\s*)?["']([^"']+)["']/g))
      found.push(specifier);
  }
  return [...new Set(found.map((url) => new URL(url, pageUrl).href))];
}

/** GETs a URL as a browser accepting gzip would, without decoding: the body exactly as it was sent. */
function fetchAsSent(url: string, signal?: AbortSignal): Promise<{ sent: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers: { 'accept-encoding': 'gzip' }, signal }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`GET ${url} answered ${response.statusCode}`));
        return;
      }
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ sent: Buffer.concat(chunks), encoding: response.headers['content-encoding'] }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/**
 * Fetches `/` of a running app as a first-time visitor and measures the JavaScript it loads: each file as
 * the server sends it to a browser that accepts gzip (precompressed, compressed on the fly, or as it is
 * when it is too small to compress), so the figure is what crosses the network.
 */
export async function measureFirstLoadJs(baseUrl: string, signal?: AbortSignal): Promise<FirstLoadJs> {
  const pageUrl = new URL('/', baseUrl).href;
  const page = await fetch(pageUrl, { signal });
  if (!page.ok) throw new Error(`GET ${pageUrl} answered ${page.status}`);
  const scripts = await Promise.all(
    firstLoadScripts(await page.text(), pageUrl).map(async (url) => {
      const { sent, encoding } = await fetchAsSent(url, signal);
      if (encoding !== undefined && encoding !== 'gzip') throw new Error(`GET ${url} answered in ${encoding}, not gzip`);
      return { url, bytes: encoding === 'gzip' ? gunzipSync(sent).length : sent.length, gzipBytes: sent.length };
    }),
  );
  const totalGzipBytes = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  return {
    totalBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    totalGzipBytes,
    withinBudget: totalGzipBytes <= FIRST_LOAD_JS_BUDGET_BYTES,
    scripts: scripts.sort((a, b) => b.gzipBytes - a.gzipBytes),
  };
}
