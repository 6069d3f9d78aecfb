import type { CaptionSummary, CaptionUploadAnswer } from '../../../../server/src/captions/captions.schemas.ts';
import { api } from '../../lib/api';

/** Bytes as base64, in slices so a long file never overflows the argument list. */
function base64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/** Adds or replaces a language's captions; the server reads the file's encoding and format from its bytes. */
export async function uploadCaptions(postId: number, language: string, file: ArrayBuffer): Promise<CaptionSummary> {
  const answer = await api<CaptionUploadAnswer>(`/api/studio/post/${postId}/captions/${language}`, {
    method: 'PUT',
    body: { file: base64(file) },
  });
  return answer.caption;
}

export async function deleteCaptions(postId: number, language: string): Promise<void> {
  await api(`/api/studio/post/${postId}/captions/${language}`, { method: 'DELETE' });
}
