import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { countryCodes } from '../settings/countries.ts';
import { resolveLocale } from '../settings/languages.ts';

/** What every request tells about its client through the spec's headers (§7). */
export interface ClientContext {
  readonly apiVersion: string;
  readonly locale: string;
  readonly appVersion: string | undefined;
  /** Country forced by the client (query, header or cookie `country`), else undefined. */
  readonly forcedCountry: string | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    client: ClientContext;
  }
}

const header = (request: Pick<FastifyRequest, 'headers'>, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length <= 64 ? value : undefined;
};

/**
 * The `country` query, else the `country` header (spec §7), else the `country` cookie the web app keeps
 * the visitor's choice in: pages it renders (their loaders' in-process calls carry the page's cookies)
 * answer in the forced country as its API calls do. `query` is the request's `country` parameter.
 */
export function forcedCountry(query: unknown, request: Pick<FastifyRequest, 'headers' | 'cookies'>): string | undefined {
  const cookie = request.cookies?.country;
  const raw =
    (typeof query === 'string' ? query : undefined) ??
    header(request, 'country') ??
    (cookie && cookie.length <= 8 ? cookie : undefined);
  const code = raw?.toUpperCase();
  return code && countryCodes.has(code) ? code : undefined;
}

export default fp(
  async function clientContext(app: FastifyInstance, { defaultLocale }: { defaultLocale: string }) {
    app.decorateRequest('client', undefined as unknown as ClientContext);
    app.addHook('preHandler', async (request) => {
      request.client = {
        apiVersion: header(request, 'apiversion') ?? '1.0',
        locale: resolveLocale(header(request, 'language'), defaultLocale),
        appVersion: header(request, 'app-version'),
        forcedCountry: forcedCountry((request.query as Record<string, unknown> | undefined)?.country, request),
      };
    });
  },
  { name: 'client-context' },
);
