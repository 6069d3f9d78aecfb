import { createHash } from 'node:crypto';

/**
 * The content version of a language's client messages: the web app puts it in every page's messages URL
 * (`?v=`) and GET /translations/client answers that exact version as immutable. The web app's server
 * render hashes its own bundled copy of the same files, the route the files it reads; both merge them
 * alike, so the versions agree (client-translations.test.ts).
 */
export function messagesVersion(messages: object): string {
  return createHash('sha256').update(JSON.stringify(messages)).digest('base64url').slice(0, 16);
}
