import { data, redirect } from 'react-router';
import type { ServerContext } from '#server-context';
import type { StatementAnswer } from './admin-types';

export interface LoadedStatement extends StatementAnswer {
  /** The e-mail link's token of a banned or suspended user, who cannot sign in to appeal. */
  readonly token: string | null;
}

/**
 * A statement of reasons for its addressee: signed in, or by the token of the e-mail's link. Visitors
 * without a token sign in first and come back; anyone else's statement answers as absent.
 */
export async function loadStatement(api: ServerContext['api'], request: Request, id: string): Promise<LoadedStatement> {
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  const path = `/api/enforcement/statements/${/^\d{1,15}$/.test(id) ? id : '0'}`;
  const answer = await api<StatementAnswer | { statusCode: number; error?: string }>(
    token ? `${path}/by-token?${new URLSearchParams({ token })}` : path,
  );
  if ('statement' in answer) return { ...answer, token };
  if (answer.error === 'login_required') {
    throw redirect(`/login?next=${encodeURIComponent(url.pathname)}`);
  }
  throw data({ error: answer.error }, { status: 404 });
}
