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

const params = Type.Object({ file: LocaleFile });

/**
 * Spec §7 GET /translations/client/{locale}.json: the web client's messages in one interface language
 * (`{statusCode: 2, locale, messages}`), so other clients can translate as the site does. The web app
 * itself keeps receiving its messages with the root loader's data. A language the interface is not
 * offered in is `not_found`.
 */
export default async function clientTranslationRoutes(
  app: FastifyInstance,
  { translations = new ClientTranslations() }: { translations?: ClientTranslations } = {},
) {
  app.get(
    '/translations/client/:file',
    {
      schema: { params },
      config: { sharedAnswer: { query: [] } },
      onRequest: async (_request: FastifyRequest, reply: FastifyReply) => {
        reply.header('cache-control', CLIENT_TRANSLATIONS_CACHE_CONTROL);
      },
    },
    async (request) => {
      const locale = localeOfFile((request.params as Static<typeof params>).file);
      if (!ClientTranslations.supports(locale)) throw new AppError('not_found');
      return envelope({ locale: languageOf(locale).locale, messages: await translations.messagesFor(locale) });
    },
  );
}
