import type { FastifyInstance, FastifySchema } from 'fastify';

/** One method of one registered route, with the schemas it validates its input against. */
export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
  readonly schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route registered on the app, in order, as Fastify saw it (HEAD routes Fastify derives from a
     * GET included). Guards that must cover every route (authorisation matrix, fuzzing) start from this list.
     */
    readonly registeredRoutes: readonly RegisteredRoute[];
  }
}

/** Call on the root instance before any route is registered: the onRoute hook only sees routes added after it. */
export function trackRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url ?? route.path, schema: route.schema });
  });
}

/** `METHOD url` of every route once, leaving out each HEAD route that answers like the GET of the same URL. */
export function routeKeys(routes: readonly RegisteredRoute[]): string[] {
  const keys = routes.map((route) => `${route.method} ${route.url}`);
  return [...new Set(keys.filter((key) => !(key.startsWith('HEAD ') && keys.includes(`GET ${key.slice(5)}`))))];
}
