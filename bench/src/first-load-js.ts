import { gzipSync } from 'node:zlib';

/** The budget for the JavaScript of a first visit to the home page, gzip-compressed. */
export const FIRST_LOAD_JS_BUDGET_BYTES = 130 * 1024;

export interface ScriptSize {
  readonly url: string;
  readonly bytes: number;
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

/**
 * Fetches `/` of a running app as a first-time visitor and measures the JavaScript it loads: each file
 * gzip-compressed here with zlib's default level, as the server's compression would send it.
 */
export async function measureFirstLoadJs(baseUrl: string, signal?: AbortSignal): Promise<FirstLoadJs> {
  const pageUrl = new URL('/', baseUrl).href;
  const page = await fetch(pageUrl, { signal });
  if (!page.ok) throw new Error(`GET ${pageUrl} answered ${page.status}`);
  const scripts = await Promise.all(
    firstLoadScripts(await page.text(), pageUrl).map(async (url) => {
      const response = await fetch(url, { signal });
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      return { url, bytes: body.length, gzipBytes: gzipSync(body).length };
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
