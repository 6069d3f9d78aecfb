import type { CoverAnswer, CoverView } from '../../../../server/src/media/cover/cover-schema.ts';
import { ApiError, api } from '../../lib/api';
import { apiHeaders } from '../../lib/session-country';

/** The cover tab's calls (server/src/media/cover/README.md); every answer is the tab's whole state. */
export function coverAddress(postId: number): string {
  return `/api/studio/post/${postId}/cover`;
}

export async function readCover(postId: number): Promise<CoverView> {
  return (await api<CoverAnswer>(coverAddress(postId))).cover;
}

export async function chooseFrame(postId: number, timeMs: number): Promise<CoverView> {
  return (await api<CoverAnswer>(`/api/studio/post/${postId}/cover/frame`, { method: 'POST', body: { timeMs } })).cover;
}

/** Sent as multipart, so the picture is never base64-inflated; the server judges it by its bytes. */
export async function choosePicture(postId: number, file: File): Promise<CoverView> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch(`/api/studio/post/${postId}/cover/image`, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: apiHeaders(document.documentElement.lang || 'en-US'),
  });
  const answer = (await response.json().catch(() => ({}))) as Partial<CoverAnswer> & {
    error?: string;
    message?: string;
    statusCode?: number;
  };
  if (answer.statusCode !== 2 || !answer.cover) {
    const code = answer.error ?? (response.status === 429 ? 'rate_limited' : 'internal_error');
    throw new ApiError(code, answer.statusCode ?? -99, answer.message ?? response.statusText);
  }
  return answer.cover;
}
