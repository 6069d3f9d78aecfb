/**
 * What the case model asks of enforcement (actions on posts and accounts). Intake calls it when a trusted
 * flagger reports a post; the enforcement service (statements of reasons, restores...) implements it in full.
 */
export interface Enforcement {
  /** Takes the post out of public view at once, pending a moderator's decision on `caseId`. Idempotent. */
  hidePendingReview(postId: number, context: { readonly caseId: number; readonly actorId: number | null }): Promise<void>;
}
