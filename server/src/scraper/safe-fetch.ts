import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { type AddressPolicy, bareHost, mayConnect } from './address-policy.ts';
import { HostNotFoundError, type HostResolver } from './host-resolver.ts';

export type ScraperFailureCode =
  | 'scraper_invalid_url'
  | 'scraper_address_refused'
  | 'scraper_fetch_failed'
  | 'scraper_too_large'
  | 'scraper_timed_out'
  | 'scraper_no_media'
  | 'scraper_too_many_redirects'
  | 'not_video_or_image';

/** Why an import stopped; `code` is an error code of http/errors.ts, `detail` is for logs only. */
export class ScraperFailure extends Error {
  readonly code: ScraperFailureCode;
  readonly detail: string;
  constructor(code: ScraperFailureCode, detail: string) {
    super(`${code}: ${detail}`);
    this.name = 'ScraperFailure';
    this.code = code;
    this.detail = detail;
  }
}

export interface SafeFetchOptions extends AddressPolicy {
  readonly resolver: HostResolver;
  readonly maxRedirects: number;
  readonly userAgent: string;
  /** Trusted certificate authorities in PEM instead of the system ones; for tests with their own certificates. */
  readonly tlsCa?: string;
}

export interface FetchedResponse {
  readonly url: URL;
  readonly contentType: string;
  /** The declared length, when the server sent one. */
  readonly contentLength: number | undefined;
  readonly body: IncomingMessage;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Parses and checks a URL as the import accepts it: http or https, no credentials, at most 2048 characters. */
export function parseImportUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new ScraperFailure('scraper_invalid_url', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ScraperFailure('scraper_invalid_url', `scheme ${url.protocol}`);
  if (url.username || url.password) throw new ScraperFailure('scraper_invalid_url', 'credentials in the URL');
  if (url.href.length > 2048) throw new ScraperFailure('scraper_invalid_url', 'URL too long');
  url.hash = '';
  return url;
}

const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/**
 * An HTTP client for addresses that users type. The host is resolved here and every address it resolves to
 * must be allowed (public, or a loopback port a test allowed) before one byte is sent; the connection then
 * goes to that checked address, so DNS cannot answer differently a moment later. Redirects are followed by
 * hand and each target is checked again. The caller's signal bounds the whole exchange in time.
 */
export class SafeFetcher {
  readonly #options: SafeFetchOptions;

  constructor(options: SafeFetchOptions) {
    this.#options = options;
  }

  /** The addresses url may be fetched from; throws scraper_address_refused when any of them is not allowed. */
  async checkedAddresses(url: URL): Promise<string[]> {
    let addresses: string[];
    try {
      addresses = await this.#options.resolver.resolve(url.hostname);
    } catch (error) {
      if (error instanceof HostNotFoundError) throw new ScraperFailure('scraper_fetch_failed', error.message);
      throw error;
    }
    const port = portOf(url);
    const refused = addresses.filter((address) => !mayConnect(this.#options, address, port));
    if (refused.length) throw new ScraperFailure('scraper_address_refused', `${url.hostname} resolves to ${refused.join(', ')}`);
    return addresses;
  }

  /** GET url, following up to maxRedirects checked redirects; resolves with the final response's headers and body. */
  async get(start: URL, signal: AbortSignal): Promise<FetchedResponse> {
    let url = start;
    for (let hop = 0; ; hop++) {
      const response = await this.#request(url, signal);
      const location = response.headers.location;
      if (!REDIRECTS.has(response.statusCode ?? 0)) {
        if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) > 299) {
          response.resume();
          throw new ScraperFailure('scraper_fetch_failed', `HTTP ${response.statusCode} from ${url.host}`);
        }
        const length = Number(response.headers['content-length']);
        return {
          url,
          contentType: String(response.headers['content-type'] ?? '').toLowerCase(),
          contentLength: Number.isFinite(length) ? length : undefined,
          body: response,
        };
      }
      response.resume();
      if (hop >= this.#options.maxRedirects) throw new ScraperFailure('scraper_too_many_redirects', `more than ${hop} redirects`);
      if (!location) throw new ScraperFailure('scraper_fetch_failed', 'redirect without a location');
      url = parseImportUrl(location, url);
    }
  }

  async #request(url: URL, signal: AbortSignal): Promise<IncomingMessage> {
    const [address] = await this.checkedAddresses(url);
    const host = bareHost(url.hostname);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const request = send({
        protocol: url.protocol,
        hostname: address,
        port: portOf(url),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        // TLS checks the certificate against the name the user gave, not the address we connect to.
        ...(url.protocol === 'https:' && !isIP(host) ? { servername: host } : {}),
        ...(url.protocol === 'https:' && this.#options.tlsCa ? { ca: this.#options.tlsCa } : {}),
        headers: { host: url.host, 'user-agent': this.#options.userAgent, accept: '*/*', 'accept-encoding': 'identity' },
        agent: false,
        signal,
      });
      request.on('response', resolve);
      request.on('error', (error) =>
        reject(
          signal.aborted
            ? new ScraperFailure('scraper_timed_out', 'the import took too long')
            : new ScraperFailure('scraper_fetch_failed', `${url.host}: ${error.message}`),
        ),
      );
      request.end();
    });
  }
}
