import { data } from 'react-router';
import type { ServerContext } from '#server-context';
import { loginRedirect } from '../../lib/login-next';

interface Envelope {
  readonly statusCode?: number;
  readonly error?: string;
}

/**
 * An /api/studio answer for a studio loader. Visitors go to /login with the page as `next` (spec §6
 * authonly, as /new-post does); someone else's post or a missing one is the not-found page.
 */
export async function studioData<T extends object>(api: ServerContext['api'], request: Request, path: string): Promise<T> {
  const answer = await api<T & Envelope>(path);
  if (answer.statusCode === 1 || answer.statusCode === 2) return answer;
  const code = answer.error ?? 'internal_error';
  if (code === 'login_required') loginRedirect(request);
  if (code === 'not_found') throw data({ error: code }, { status: 404 });
  if (code === 'user_banned' || code === 'forbidden') throw data({ error: code }, { status: 403 });
  throw data({ error: code }, { status: 500 });
}

/** The studio's pages are the owner's: the layout sends visitors to log in before any page loads its data. */
export async function requireCreator(api: ServerContext['api'], request: Request): Promise<void> {
  const me = await api<Envelope>('/api/user/me');
  if (me.statusCode !== 2) loginRedirect(request);
}
