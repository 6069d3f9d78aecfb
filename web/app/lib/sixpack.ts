import { api } from './api';
import { sixpackOfFile } from './sixpack-frames';

/** The answer of `POST /simicheck/check-user`: is the chosen video one of the user's own posts already? */
export interface SimicheckVerdict {
  readonly duplicate: boolean;
  readonly similarity: number;
  readonly postId: number | null;
}

/** Before upload: asks the server whether the chosen video duplicates one of the user's own posts. */
export async function checkVideoBeforeUpload(file: Blob, signal?: AbortSignal): Promise<SimicheckVerdict> {
  const sixpack = await sixpackOfFile(file, signal);
  const answer = await api<SimicheckVerdict>('/simicheck/check-user', { method: 'POST', body: { sixpack }, signal });
  return { duplicate: answer.duplicate, similarity: answer.similarity, postId: answer.postId };
}
