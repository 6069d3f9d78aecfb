import type { Rolldown } from 'vite';

type ChunkingContext = Parameters<Extract<Rolldown.CodeSplittingGroup['name'], (...args: never) => unknown>>[1];

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx(\?|$)/;
const HOME_ROUTE = /[\\/]app[\\/]routes[\\/]home\.tsx(\?|$)/;
const BROWSING_ROUTES =
  /[\\/]app[\\/]routes[\\/](tag|tags|profile|profile-address|profile-post|profile-followers|profile-following|popular|search|playlist|playlists|sound|sounds)\.tsx(\?|$)/;
const ROUTE_MODULE = /[\\/]app[\\/]routes[\\/]/;

/**
 * Whether a module is reached from a route through static imports only. Walks up the importers,
 * remembering each answer; a module met again on the current path (an import cycle) counts as not
 * reached through that path.
 */
function staticImportOf(route: RegExp) {
  const known = new Map<string, boolean>();
  const reached = (moduleId: string, context: ChunkingContext): boolean => {
    const answer = known.get(moduleId);
    if (answer !== undefined) return answer;
    known.set(moduleId, false);
    const importers = context.getModuleInfo(moduleId)?.importers ?? [];
    const found = route.test(moduleId) || importers.some((importer) => reached(importer, context));
    known.set(moduleId, found);
    return found;
  };
  return reached;
}

/**
 * How the browser build is cut into files. By default every set of routes sharing some modules gets a
 * chunk of its own, so the home page loaded 29 files, most under 1 KB, each compressed on its own (about
 * 9 KB of gzip more than the same code in a few files). Four groups instead:
 * - `framework`: React, React DOM and React Router, one file that stays cached from one deploy to the next;
 * - `shell`: every app module the root route imports statically. Every page loads the root route, so
 *   these modules are fetched on every first visit anyway; one file compresses them best;
 * - `home`: the home route and what it imports statically beyond the shell (the vertical feed, the player).
 *   The other feed pages share it.
 * - `browsing`: what the pages a visitor browses (tag, profile, popular, search, playlists, sounds) share
 *   beyond the shell and home: the post grid, the overlay, dialogs, status messages. A tag page fetched
 *   20 scripts and 8 stylesheets before its first paint, a profile 27 and 12; on a phone's connection
 *   each costs a round trip (Lighthouse's first contentful paint of a tag page: 2.6 s before, 2.2 s after).
 * The other routes and what only they import stay split as before, so a page still loads only its own code.
 */
export function clientChunking(): Rolldown.CodeSplittingOptions {
  const inShell = staticImportOf(ROOT_ROUTE);
  const inHome = staticImportOf(HOME_ROUTE);
  const inBrowsing = staticImportOf(BROWSING_ROUTES);
  const appModule = (moduleId: string) => !moduleId.includes('node_modules');
  return {
    groups: [
      { name: 'framework', test: FRAMEWORK, priority: 20 },
      { name: (moduleId, context) => (appModule(moduleId) && inShell(moduleId, context) ? 'shell' : null), priority: 10 },
      {
        name: (moduleId, context) => (appModule(moduleId) && inHome(moduleId, context) ? 'home' : null),
        priority: 5,
      },
      {
        name: (moduleId, context) =>
          appModule(moduleId) && !ROUTE_MODULE.test(moduleId) && inBrowsing(moduleId, context) ? 'browsing' : null,
        minShareCount: 2,
        priority: 3,
      },
    ],
  };
}
