import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type, { type Static } from 'typebox';
import { envelope } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import { LocaleFile, localeOfFile } from '../search/query-schemas.ts';
import { ClientTranslations } from './client-translations.ts';
import { languageOf } from './languages.ts';

/**
 * Browsers and CDNs may keep the file an hour: it changes only with a deployment, and the same answer
 * suits every caller. The header is set before the response cache can answer, so stored answers carry it.
 */
export const CLIENT_TRANSLATIONS_CACHE_CONTROL = 'public, max-age=3600';
/** Asked with the current content version (`?v=`, as every page's messages URL is): that content never changes. */
export const VERSIONED_TRANSLATIONS_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const params = Type.Object({ file: LocaleFile });
const querystring = Type.Object({ v: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })) });

/**
 * Spec §7 GET /translations/client/{locale}.json: the web client's messages in one interface language
 * (`{statusCode: 2, locale, messages}`), so other clients can translate as the site does. The web app
 * loads its messages here too, with the version its pages name (web/app/i18n/README.md); a stale or
 * absent version gets the current messages under the hour-long header. A language the interface is not
 * offered in is `not_found`.
 */
export default async function clientTranslationRoutes(
  app: FastifyInstance,
  { translations = new ClientTranslations() }: { translations?: ClientTranslations } = {},
) {
  // Runs before validation (which then refuses a malformed name): an unoffered language has no version.
  const currentVersion = async (file: string | undefined) => {
    const locale = localeOfFile(file ?? '');
    return ClientTranslations.supports(locale) ? translations.versionFor(locale) : undefined;
  };

  app.get(
    '/translations/client/:file',
    {
      schema: { params, querystring },
      // The version only chooses the Cache-Control header (set before the cache answers), never the body.
      config: { sharedAnswer: { query: [] } },
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        const current = await currentVersion((request.params as { file?: string }).file);
        const asked = (request.query as { v?: unknown }).v;
        reply.header(
          'cache-control',
          current && asked === current ? VERSIONED_TRANSLATIONS_CACHE_CONTROL : CLIENT_TRANSLATIONS_CACHE_CONTROL,
        );
      },
    },
    async (request) => {
      const locale = localeOfFile((request.params as Static<typeof params>).file);
      if (!ClientTranslations.supports(locale)) throw new AppError('not_found');
      return envelope({ locale: languageOf(locale).locale, messages: await translations.messagesFor(locale) });
    },
  );
}
