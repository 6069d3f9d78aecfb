import type { ServerContext } from '#server-context';
import { readCookie } from './cookies';
import type { Viewer } from './viewer';

/** Why a signed-in user's session cannot be used (spec §4: -3 banned, -4 to be deleted). */
export type AccountBlock = 'user_banned' | 'user_to_be_deleted';

export interface ViewerData {
  readonly viewer: Viewer | undefined;
  /** Expiry of the access token in epoch seconds, for the client's renewal timer (spec §4). */
  readonly sessionExp: number | undefined;
  readonly accountBlock: AccountBlock | undefined;
}

/** The `exp` claim of a JWT, read without verifying: the server already did, this only schedules renewal. */
export function tokenExpiry(token: string | undefined): number | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The signed-in user's own profile for the root data. Only asked when a refresh cookie says someone is
 * signed in; the server has already renewed an expired access token before the page rendered.
 */
export async function loadViewer(api: ServerContext['api'], cookieHeader: string | null): Promise<ViewerData> {
  const none: ViewerData = { viewer: undefined, sessionExp: undefined, accountBlock: undefined };
  if (!readCookie(cookieHeader, 'refresh')) return none;
  try {
    const answer = await api<{ statusCode?: number; error?: string; user?: Viewer }>('/api/user/me');
    if (answer.error === 'user_banned' || answer.error === 'user_to_be_deleted') return { ...none, accountBlock: answer.error };
    if (answer.statusCode !== 2 || !answer.user?.myProfile) return none;
    return { viewer: answer.user, sessionExp: tokenExpiry(readCookie(cookieHeader, 'authorization')), accountBlock: undefined };
  } catch {
    return none;
  }
}
