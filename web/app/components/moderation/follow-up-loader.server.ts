import type { ServerContext } from '#server-context';
import type { FollowUpAnswer } from './admin-types';

export interface LoadedFollowUp extends FollowUpAnswer {
  readonly token: string;
}

/** A reporter's case by the token of its follow-up link; null when the token names no case. */
export async function loadFollowUp(api: ServerContext['api'], token: string): Promise<LoadedFollowUp | null> {
  const answer = await api<FollowUpAnswer | { statusCode: number }>(`/api/complaint/follow-up?${new URLSearchParams({ token })}`);
  return 'case' in answer ? { ...answer, token } : null;
}
