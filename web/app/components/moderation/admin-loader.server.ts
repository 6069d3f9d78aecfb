import { data } from 'react-router';
import type { ServerContext } from '#server-context';

interface Envelope {
  readonly statusCode?: number;
  readonly error?: string;
}

/** Envelope errors that mean "not for you": a visitor, a plain user, a moderator on an admin page. */
const refusals = new Set(['login_required', 'forbidden', 'user_banned']);

/**
 * An /api/admin answer for a console loader. The API decides who may read it; a refusal becomes the
 * 403 error page (the console's ErrorBoundary), an absent case a 404, any other error the site's error page.
 */
export async function adminData<T extends object>(api: ServerContext['api'], path: string): Promise<T> {
  const answer = await api<T & Envelope>(path);
  if (answer.statusCode === 1 || answer.statusCode === 2) return answer;
  const code = answer.error ?? 'internal_error';
  if (refusals.has(code)) throw data({ error: code }, { status: 403 });
  if (code.endsWith('not_found')) throw data({ error: code }, { status: 404 });
  throw data({ error: code }, { status: 500 });
}
