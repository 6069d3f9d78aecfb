import { data } from 'react-router';
import { loginRedirect } from '../../lib/login-next';

interface Envelope {
  readonly statusCode: number;
  readonly error?: string;
}

/** Answers that mean "no such page": a post that is not the caller's, or an address that names no post. */
const absent = new Set(['not_found', 'invalid_input']);

/**
 * A studio analytics answer for a loader: a visitor goes to log in and comes back; a post that is not the
 * caller's is a 404 like any absent page; any other error is the site's error page.
 */
export function analyticsData<T extends Envelope>(answer: T | Envelope, request: Request): T {
  if (answer.statusCode === 2) return answer as T;
  if (answer.error === 'login_required' || answer.error === 'user_banned') loginRedirect(request);
  throw data({ error: answer.error }, { status: absent.has(answer.error ?? '') ? 404 : 500 });
}
