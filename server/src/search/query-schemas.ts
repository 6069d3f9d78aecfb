import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { SharedAnswer } from '../http/response-cache.ts';
import { resolveLocale } from '../settings/languages.ts';

/** Query fields shared by the discovery endpoints (tags, playlists, sounds, search, banners). */
export const Lgbt = Type.Integer({ minimum: 0, maximum: 3 });
export const Offset = Type.Integer({ minimum: 0, maximum: 10_000 });
export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const SearchText = Type.String({ maxLength: 200 });
/** `cs-CZ.json` or `cs.json` in /translations/{kind}/{locale}.json/. */
export const LocaleFile = Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?\\.json$' });

/** The locale a /translations/ file name asks for. */
export function localeOfFile(file: string): string {
  return file.replace(/\.json$/, '');
}

/**
 * The reader's locale: the `language` header (request.client), or a `lang` query given by server-side
 * page loaders, whose in-process calls cannot set headers of their own.
 */
export function readerLocale(request: FastifyRequest): string {
  const lang = (request.query as { lang?: unknown } | undefined)?.lang;
  return typeof lang === 'string' ? resolveLocale(lang, request.client.locale) : request.client.locale;
}

/** The cache declaration of a public answer in the reader's locale that depends on these query parameters. */
export function sharedInReaderLocale(...query: string[]): { sharedAnswer: SharedAnswer } {
  return { sharedAnswer: { query, vary: readerLocale } };
}
