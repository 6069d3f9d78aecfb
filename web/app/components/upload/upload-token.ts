import { api } from '../../lib/api';

/** GET/PUT /api/media/uptoken: the token upload-preprocess takes, and where to send the files. */
export interface UploadToken {
  readonly upToken: string;
  readonly expiresAt: string;
  readonly uploadUrl: string;
}

/** A token about to lapse is renewed first, so a long upload does not start on one that expires mid-way. */
const RENEW_WITHIN_MS = 60_000;

export async function uploadToken(signal: AbortSignal): Promise<UploadToken> {
  const held = await api<UploadToken & { statusCode: number }>('/api/media/uptoken', { signal });
  if (Date.parse(held.expiresAt) - Date.now() > RENEW_WITHIN_MS) return held;
  return api<UploadToken & { statusCode: number }>('/api/media/uptoken', { method: 'PUT', signal });
}
