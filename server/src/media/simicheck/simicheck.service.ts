import type { Logger } from 'pino';
import { AppError } from '../../http/errors.ts';
import { MediaProbeError, type MediaToolsRepository } from '../probe.ts';
import type { Storage } from '../storage.ts';
import { withLocalCopy } from './local-copy.ts';
import type { SignatureCandidate, SimicheckRepository } from './simicheck.repository.ts';
import type { SimicheckEvents } from './simicheck-events.ts';
import { decodeSixpack, isDuplicateSimilarity, type Sixpack, similarity } from './sixpack.ts';
import { readSixpack } from './sixpack-reader.ts';

/** The answer of the check before upload: the closest of the user's own posts and whether it is a duplicate. */
export interface SimicheckVerdict {
  readonly duplicate: boolean;
  /** 0–256 against the closest post found; 0 when no post came near. */
  readonly similarity: number;
  readonly postId: number | null;
}

export type UploadedCheckOutcome =
  | { readonly outcome: 'unique'; readonly similarity: number }
  | {
      readonly outcome: 'duplicate';
      readonly similarity: number;
      readonly duplicateOfPostId: number;
      readonly duplicateOfMediaId: number;
    }
  | { readonly outcome: 'skipped'; readonly reason: string };

export interface SimicheckDeps {
  readonly repository: SimicheckRepository;
  readonly storage: Storage;
  readonly tools: MediaToolsRepository;
  readonly scratchDir: string;
  readonly events: SimicheckEvents;
  readonly log: Logger;
}

function closest(sixpack: Sixpack, candidates: readonly SignatureCandidate[]) {
  let best: { candidate: SignatureCandidate; score: number } | undefined;
  for (const candidate of candidates) {
    const score = similarity(sixpack, candidate.sixpack);
    if (!best || score > best.score) best = { candidate, score };
  }
  return best;
}

/** The duplicate check of SPEC §9 (threshold 222): before upload against the user's posts, after upload against all. */
export class SimicheckService {
  readonly #deps: SimicheckDeps;

  constructor(deps: SimicheckDeps) {
    this.#deps = deps;
  }

  get events(): SimicheckEvents {
    return this.#deps.events;
  }

  /** `POST /simicheck/check-user`: the browser's sixpack of a chosen video against the user's own posts. */
  async checkUser(userId: number, encodedSixpack: string): Promise<SimicheckVerdict> {
    const sixpack = decodeSixpack(encodedSixpack);
    if (!sixpack) throw new AppError('simicheck_invalid_sixpack');
    const best = closest(sixpack, await this.#deps.repository.candidatesOfUser(userId, sixpack));
    if (!best) return { duplicate: false, similarity: 0, postId: null };
    const duplicate = isDuplicateSimilarity(best.score);
    return { duplicate, similarity: best.score, postId: duplicate ? best.candidate.postId : null };
  }

  /**
   * Job `media:simicheck`: signs an uploaded video, stores the signature and compares it with every live post.
   * Safe to run again (the signature is replaced). A duplicate is marked and reported to the owner.
   */
  async checkUploaded(mediaId: number): Promise<UploadedCheckOutcome> {
    const { repository, storage, tools, scratchDir, events, log } = this.#deps;
    const media = await repository.findMedia(mediaId);
    if (!media) return { outcome: 'skipped', reason: 'media not found' };
    if (media.kind !== 'video' || !media.originalKey) return { outcome: 'skipped', reason: `not a stored video (${media.kind})` };
    let sixpack: Sixpack | undefined;
    try {
      sixpack = await withLocalCopy(storage, media.originalKey, scratchDir, (path) => readSixpack(tools, path));
    } catch (error) {
      // The upload's own validation reports unreadable files; retrying would fail the same way.
      if (error instanceof MediaProbeError) return { outcome: 'skipped', reason: `${error.code}: ${error.detail}` };
      throw error;
    }
    if (!sixpack) return { outcome: 'skipped', reason: 'original not in storage' };
    await repository.saveSignature(media.id, media.ownerId, sixpack);
    const best = closest(sixpack, await repository.candidatesOfAll(media, sixpack));
    const score = best?.score ?? 0;
    if (!best || !isDuplicateSimilarity(score)) return { outcome: 'unique', similarity: score };

    await repository.markDuplicate(media.id, best.candidate.mediaId, score);
    log.info({ mediaId, duplicateOfMediaId: best.candidate.mediaId, similarity: score }, 'duplicate video');
    if (media.ownerId !== null) {
      await events.checkVideoFailed({
        type: 'check-video-failed',
        userId: media.ownerId,
        mediaId: media.id,
        postId: media.postId,
        duplicateOfPostId: best.candidate.postId,
        similarity: score,
      });
    }
    return {
      outcome: 'duplicate',
      similarity: score,
      duplicateOfPostId: best.candidate.postId,
      duplicateOfMediaId: best.candidate.mediaId,
    };
  }
}
