import { data } from 'react-router';
import type { ServerContext } from '#server-context';
import { pickLocale } from '../../i18n/locale.server';
import { orientationOf } from '../../lib/orientation';

/** What a discovery page loader needs to ask the API as the visitor: their language and the site variant. */
export interface ReaderContext {
  readonly api: ServerContext['api'];
  readonly lang: string;
  /** 1 straight (the default site), 2 gay, 3 trans: from the address (/tag-gay/...). */
  readonly lgbt: number;
}

export function readerContext(request: Request, server: ServerContext): ReaderContext {
  const { locale } = pickLocale(request, server.defaultLocale);
  return { api: server.api, lang: locale.slice(0, 2), lgbt: orientationOf(new URL(request.url).pathname)?.value ?? 1 };
}

/**
 * An API answer for a page: not found (-13) and invalid input (-10, a malformed address) become the 404
 * page, other failures the error page; `lang` is added so in-process calls answer in the page's language.
 */
export async function loadFromApi<T>(reader: ReaderContext, path: string): Promise<T> {
  const separator = path.includes('?') ? '&' : '?';
  const answer = await reader.api<{ statusCode?: number } & T>(`${path}${separator}lang=${reader.lang}`);
  if (answer.statusCode === 1 || answer.statusCode === 2) return answer;
  if (answer.statusCode === -13 || answer.statusCode === -10) throw data(null, { status: 404 });
  throw data(null, { status: 500 });
}
