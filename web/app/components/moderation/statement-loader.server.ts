import { data, redirect } from 'react-router';
import type { ServerContext } from '#server-context';
import type { StatementAnswer } from './admin-types';

/**
 * A statement of reasons for its addressee. Visitors sign in first and come back; anyone else's
 * statement answers as absent (the API does not tell them it exists).
 */
export async function loadStatement(api: ServerContext['api'], request: Request, id: string): Promise<StatementAnswer> {
  const answer = await api<StatementAnswer | { statusCode: number; error?: string }>(
    `/api/enforcement/statements/${/^\d{1,15}$/.test(id) ? id : '0'}`,
  );
  if ('statement' in answer) return answer;
  if (answer.error === 'login_required') {
    const url = new URL(request.url);
    throw redirect(`/login?next=${encodeURIComponent(url.pathname)}`);
  }
  throw data({ error: answer.error }, { status: 404 });
}
