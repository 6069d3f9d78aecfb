import { data, redirect } from 'react-router';
import type { ServerContext } from '#server-context';
import type { StatementsAnswer } from '../moderation/admin-types';

/** The signed-in user's newest statements of reasons; a visitor signs in first and comes back. */
export async function loadStatements(api: ServerContext['api']): Promise<StatementsAnswer> {
  const answer = await api<StatementsAnswer | { statusCode: number; error?: string }>('/api/enforcement/statements');
  if ('statements' in answer) return answer;
  if (answer.error === 'login_required') throw redirect(`/login?next=${encodeURIComponent('/statements')}`);
  throw data({ error: answer.error }, { status: 500 });
}
