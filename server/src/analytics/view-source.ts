import type { IncomingHttpHeaders } from 'node:http';
import Type from 'typebox';
import type { ViewPage } from './analytics.tables.ts';

/** The screens a view can come from (the `page` breakdown); the web app derives it from its path. */
export const VIEW_PAGES = [
  'feed',
  'tag',
  'profile',
  'search',
  'embed',
  'post',
  'playlist',
  'other',
] as const satisfies readonly ViewPage[];

export const DIRECT_REFERRER = 'direct';
export const UNKNOWN_COUNTRY = 'unknown';

/**
 * What a client says about where a view comes from, sent with `viewingPost` / `viewedPost` and
 * `POST /api/post/view/{id}`: the screen, and the host of an external `document.referrer`.
 */
export const ViewSourceFields = {
  page: Type.Optional(Type.Enum(VIEW_PAGES)),
  referrer: Type.Optional(Type.String({ maxLength: 253 })),
};

export interface SentViewSource {
  readonly page?: ViewPage;
  readonly referrer?: string;
}

/** Where a counted view came from, as view_events stores it. */
export interface ViewSource {
  readonly page: ViewPage;
  /** A referring site's host name (without `www.`), or 'direct'. */
  readonly referrer: string;
  /** ISO 3166-1 alpha-2 from the trusted proxy header, or 'unknown'. */
  readonly country: string;
}

/** A view whose source nobody told (a caller of the service that is not a client). */
export const UNKNOWN_SOURCE: ViewSource = { page: 'other', referrer: DIRECT_REFERRER, country: UNKNOWN_COUNTRY };

const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]{0,62}\.)*[a-z0-9-]{1,63}$/;

/**
 * Decides the source of a view from what the client sent and what the server may trust. The country comes
 * only from a header a proxy in front of the app sets (ANALYTICS_COUNTRY_HEADER, e.g. Cloudflare's
 * `cf-ipcountry`); never from the client's own `country` header, which is its chosen site country.
 */
export class ViewSources {
  private readonly countryHeader: string | undefined;
  private readonly ownHost: string;

  constructor(options: { readonly countryHeader: string | undefined; readonly baseUrl: string }) {
    this.countryHeader = options.countryHeader?.toLowerCase();
    this.ownHost = stripWww(new URL(options.baseUrl).hostname.toLowerCase());
  }

  /** The viewer's country as the trusted proxy saw it; 'unknown' without the setting or a usable value. */
  country(headers: IncomingHttpHeaders): string {
    if (!this.countryHeader) return UNKNOWN_COUNTRY;
    const value = headers[this.countryHeader];
    const code = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
    // XX is how proxies say they could not tell.
    return code && /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : UNKNOWN_COUNTRY;
  }

  /** The referrer key: an external host name, or 'direct' for none, our own site, or anything that is not a host name. */
  referrer(sent: string | undefined): string {
    const host = stripWww(sent?.trim().toLowerCase().replace(/\.$/, '') ?? '');
    if (!host || host.length > 253 || !HOST_NAME.test(host) || host === this.ownHost) return DIRECT_REFERRER;
    return host;
  }

  source(country: string, sent: SentViewSource = {}): ViewSource {
    return { page: sent.page ?? 'other', referrer: this.referrer(sent.referrer), country };
  }
}

function stripWww(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}
