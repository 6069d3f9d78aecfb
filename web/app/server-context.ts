import { createContext } from 'react-router';
import type { AgeAssuranceStatus } from '../../server/src/compliance/age-assurance/age-assurance-schema.ts';
import type { Config } from '../../server/src/config.ts';

/**
 * What the Fastify server hands to every loader and action. Loaders read data through `api`, which
 * calls the same /api routes a browser would, in-process and with the visitor's cookies and headers,
 * so validation, authorisation and caching have one implementation.
 */
export interface ServerContext {
  readonly requestId: string;
  /** This page's Content-Security-Policy nonce, for the inline scripts of the server render. */
  readonly cspNonce: string;
  readonly appVersion: string;
  readonly defaultLocale: string;
  /** The site's public origin, without a trailing slash (config.http.baseUrl). */
  readonly baseUrl: string;
  readonly api: <T = unknown>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;
  /** GET /api/age-assurance (`?country=` given the forced country) as `api` would answer it, without the call. */
  readonly ageAssurance: (country: string | undefined) => Promise<AgeAssuranceStatus>;
  /** Operator details the legal pages name (LEGAL_* and RECORDS_CUSTODIAN_* settings). */
  readonly legal: Config['legal'];
  /** Upload limits the creators page quotes (MAX_* settings). */
  readonly uploadLimits: Config['limits'];
  /**
   * Tells the server this page went out incomplete (a part failed or outran the stream timeout after the
   * shell was sent, so its status still says 200): no cache may keep it (server/src/web/page-cache.ts).
   */
  readonly renderFailed: () => void;
}

export const serverContext = createContext<ServerContext>();
