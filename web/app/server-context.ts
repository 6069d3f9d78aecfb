import { createContext } from 'react-router';

/**
 * What the Fastify server hands to every loader and action. Loaders read data through `api`, which
 * calls the same /api routes a browser would, in-process and with the visitor's cookies and headers,
 * so validation, authorisation and caching have one implementation.
 */
export interface ServerContext {
  readonly requestId: string;
  readonly appVersion: string;
  readonly defaultLocale: string;
  readonly api: <T = unknown>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;
}

export const serverContext = createContext<ServerContext>();
