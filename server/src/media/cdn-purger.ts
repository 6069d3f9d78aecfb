import type { Logger } from 'pino';
import type { Config } from '../config.ts';

/**
 * What a takedown tells the CDN in front of `/media/` and `/thumber/`: drop these absolute URLs now, so
 * withdrawn media stops being served from its caches before their `s-maxage` runs out. A failure throws,
 * and the job that called it is retried (media/README.md "Takedowns").
 */
export interface CdnPurger {
  purge(urls: readonly string[]): Promise<void>;
}

/** No CDN configured: the origin already refuses withdrawn media, so there is nothing to purge; the URLs are logged. */
export class LoggingCdnPurger implements CdnPurger {
  readonly #log: Logger;

  constructor(log: Logger) {
    this.#log = log;
  }

  async purge(urls: readonly string[]): Promise<void> {
    if (urls.length) this.#log.info({ urls: urls.length, first: urls[0] }, 'media withdrawn; no CDN_PURGE_URL to purge');
  }
}

/** Cloudflare's purge-by-URL takes at most 30 files per request; other CDNs take at least as many. */
export const PURGE_BATCH = 30;

/**
 * Purge by URL over HTTP: `POST {purgeUrl}` with `{"files": [url, ...]}`, `Authorization: Bearer {token}`,
 * in batches of 30. That is Cloudflare's `/zones/{zone}/purge_cache` request as it stands; other CDNs take it
 * through a small relay (Fastly, CloudFront, Varnish: media/README.md). Any answer but 2xx is a failure, and
 * so is a CDN that takes longer than OUTBOUND_TIMEOUT_MS to answer.
 */
export class HttpCdnPurger implements CdnPurger {
  readonly #url: string;
  readonly #token: string;
  readonly #timeoutMs: number;

  constructor(url: string, token: string, timeoutMs: number) {
    this.#url = url;
    this.#token = token;
    this.#timeoutMs = timeoutMs;
  }

  async purge(urls: readonly string[]): Promise<void> {
    for (let start = 0; start < urls.length; start += PURGE_BATCH) {
      const response = await fetch(this.#url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.#token ? { authorization: `Bearer ${this.#token}` } : {}),
        },
        body: JSON.stringify({ files: urls.slice(start, start + PURGE_BATCH) }),
        signal: AbortSignal.timeout(this.#timeoutMs),
        redirect: 'error',
      }).catch((error: unknown) => {
        if ((error as Error | undefined)?.name === 'TimeoutError') {
          throw new Error(`CDN purge did not answer within ${this.#timeoutMs} ms (OUTBOUND_TIMEOUT_MS)`);
        }
        throw error;
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`CDN purge answered HTTP ${response.status}`);
    }
  }
}

export function createCdnPurger(config: Config['cdn'], log: Logger): CdnPurger {
  return config.purgeUrl ? new HttpCdnPurger(config.purgeUrl, config.purgeToken, config.timeoutMs) : new LoggingCdnPurger(log);
}
