import { Readable, Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { ANONYMOUS_COOKIE } from '../accounts/auth.plugin.ts';
import { usernameProblem } from '../accounts/username.ts';
import { AnswerStore } from '../http/answer-store.ts';
import { carriesCredentials } from '../http/response-cache.ts';
import type { EventBus } from '../realtime/events.ts';
import { legalDocuments } from './legal-documents.ts';

/**
 * Issue 23: public pages served to visitors from a short cache, when (and only when) the page holds
 * nothing of the visitor. Three rules make that so:
 *
 * - **Who**: a visitor only. A request that carries a credential (an account's cookies or header) never
 *   reads nor fills the cache, exactly as for the API's response cache.
 * - **What the page was built from**: every API answer its loaders read in-process must be one the
 *   response cache shares between visitors (it says so with `x-cache`, http/response-cache.ts). One
 *   personal answer (a visitor's home mix, which pushes back what they have seen) keeps the page out.
 *   Whatever else a page reads of the request is in the key: the whole URL, every cookie but the visitor's
 *   token (theme, language, consent, the age gate's have18, orientation...), the headers the page or its
 *   API calls read, whether a crawler asks (crawlers get the page in one piece), and what age assurance
 *   decided for this visitor's place and pass.
 * - **What goes out**: only a 200 that sets no cookie is kept. Each copy gets the request's own CSP nonce
 *   in place of the one it was rendered with, so a nonce is never handed out twice.
 *
 * Ten seconds is long enough that a page read often is rendered a few times a minute, and short beside
 * the 60 s its API answers may already be cached; a takedown (`content-withdrawn`) empties it at once on
 * every node, like the response cache.
 *
 * Which pages: tags, popular, playlists, a profile and its posts, a post at /video?id=, and the legal
 * documents (the pages visitors arrive on from search engines and shares). The home page is left out on purpose: a visitor's
 * home mix is their own.
 */
const PAGE_CACHE_MS = 10_000;
const MAX_ENTRIES = 2_000;
/** A page larger than this is streamed without keeping a copy. */
const MAX_PAGE_BYTES = 512 * 1024;
/** Headers the page's request or its in-process API calls read (web/web.plugin.ts forwards the same). */
const KEYED_HEADERS = ['accept-language', 'language', 'country', 'app-version', 'apiversion'] as const;
/** Headers of a page answer a copy repeats; the rest (security headers, the request id) each request sets. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'vary', 'link', 'x-robots-tag'] as const;

/** The legal documents at /legal/… and at their top-level aliases. */
const LEGAL = `legal|(?:legal/)?(?:${legalDocuments.join('|')})`;
const SECTION_PAGE = new RegExp(
  `^/(?:(?:tag|popular|playlist|play|video2?)(?:-gay|-trans)?(?:/[^/]+){0,2}|user/[^/]+(?:/\\d+)?|${LEGAL})$`,
);
/** A profile at /{username}, a post of it at /{username}/post/{id}: a username is never a page's name. */
const PROFILE_PAGE = /^\/([^/]+)(?:\/post(?:\/\d+)?)?$/;

const PAGE_KEY = Symbol('page-cache-key');
const UNSHAREABLE = Symbol('page-is-unshareable');

declare module 'fastify' {
  interface FastifyRequest {
    /** Where this page's copy is to be kept: set for a shareable page the cache could not answer. */
    [PAGE_KEY]?: string;
    /** Set once the page has read something of this visitor, or a part of it failed to render. */
    [UNSHAREABLE]?: true;
  }
}

interface PageCopy {
  /** The body cut where the render's nonce stood, so a copy gets its own request's nonce. */
  readonly parts: readonly Buffer[];
  readonly headers: Readonly<Record<string, string>>;
}

/** Whether a path (a document, or the `.data` request of the same page) is one of the shared pages. */
export function isSharedPagePath(path: string): boolean {
  const page = path.endsWith('.data') ? path.slice(0, -'.data'.length) : path;
  if (SECTION_PAGE.test(page)) return true;
  const first = PROFILE_PAGE.exec(page)?.[1];
  return first !== undefined && usernameProblem(first) === undefined;
}

/** Tells the page cache not to keep the page being built: it read an answer of this visitor's own, or failed. */
export function markUnshareable(request: FastifyRequest): void {
  request[UNSHAREABLE] = true;
}

function pageKey(request: FastifyRequest): string | undefined {
  if (request.method !== 'GET' || carriesCredentials(request)) return undefined;
  if (!isSharedPagePath(request.url.split('?')[0] ?? '')) return undefined;
  const cookies = Object.entries(request.cookies ?? {})
    .filter(([name]) => name !== ANONYMOUS_COOKIE)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const userAgent = request.headers['user-agent'];
  const assurance = request.ageAssurance;
  return JSON.stringify([
    request.url,
    cookies,
    KEYED_HEADERS.map((name) => request.headers[name] ?? ''),
    Boolean(userAgent && isbot(userAgent)),
    request.client.locale,
    request.client.forcedCountry ?? '',
    assurance ? [assurance.requirement, assurance.passed, assurance.location?.country, assurance.location?.region] : null,
  ]);
}

function withNonce(parts: readonly Buffer[], nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce);
  return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part])));
}

function cutAtNonce(body: Buffer, nonce: string): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(nonce, from); at !== -1; at = body.indexOf(nonce, from)) {
    parts.push(body.subarray(from, at));
    from = at + nonce.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

export class PageCache {
  readonly #store: AnswerStore<PageCopy>;
  readonly #unsubscribe: () => void;

  constructor({ maxBytes, events }: { maxBytes: number; events: EventBus }) {
    this.#store = new AnswerStore<PageCopy>({ maxBytes, maxEntries: MAX_ENTRIES, ttlMs: PAGE_CACHE_MS });
    this.#unsubscribe = events.subscribe((event) => {
      if (event.type === 'content-withdrawn') this.#store.clear();
    });
  }

  close(): void {
    this.#unsubscribe();
  }

  /** A page's preHandler: answers from a copy, or notes where this page's copy is to go. */
  answer(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
    const key = pageKey(request);
    if (!key) return undefined;
    const copy = this.#store.get(key);
    if (!copy) {
      request[PAGE_KEY] = key;
      return undefined;
    }
    for (const [name, value] of Object.entries(copy.extra.headers)) reply.header(name, value);
    return reply.header('x-cache', 'hit').send(withNonce(copy.extra.parts, request.cspNonce));
  }

  /** A page's onSend: keeps a copy of the body as it streams out, when every rule above allows. */
  keep(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    const key = request[PAGE_KEY];
    if (!key || request[UNSHAREABLE] || !request.cspNonce || !(payload instanceof Readable)) return payload;
    if (reply.statusCode !== 200 || reply.hasHeader('set-cookie')) return payload;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const store = this.#store;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size <= MAX_PAGE_BYTES) chunks.push(chunk);
        done(null, chunk);
      },
      flush(done) {
        // Deferred data may have read something personal, or a part failed, while the page streamed.
        if (size <= MAX_PAGE_BYTES && !request[UNSHAREABLE]) {
          const body = Buffer.concat(chunks);
          store.set(key, body, { parts: cutAtNonce(body, request.cspNonce), headers });
        }
        done();
      },
    });
    payload.once('error', (error) => tap.destroy(error));
    return payload.pipe(tap);
  }
}
