import { opaqueToken, tokenDigest } from '../../accounts/tokens.ts';
import type { UploaderGate } from '../../compliance/verification/uploader-gate.ts';
import { AppError } from '../../http/errors.ts';
import type { UploadTokensRepository } from './upload-tokens.repository.ts';

/** Where uploads go (SPEC §9 "Upload base /media-api"); the client posts to `${uploadUrl}/upload-preprocess`. */
export const UPLOAD_URL = '/media-api';
/** Live tokens per user: one per open upload screen is plenty; issuing more revokes the oldest. */
export const MAX_LIVE_UPLOAD_TOKENS = 5;
/** 32 random bytes in base64url. */
export const UPLOAD_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';

export interface IssuedUploadToken {
  readonly upToken: string;
  readonly expiresAt: string;
  readonly uploadUrl: string;
}

/**
 * Upload tokens (SPEC §4 "Needs an upload token", §7 `/api/media/uptoken`): an upload names one, so a stolen
 * session alone, or a form replayed after logout, cannot push files. Only a digest is stored, so the server
 * cannot show a token twice: GET hands out a fresh token and leaves the user's other live ones alone (another
 * tab may be uploading with one); PUT replaces them all; DELETE revokes them all.
 */
export class UploadTokenService {
  readonly #repository: UploadTokensRepository;
  readonly #ttlMs: number;
  readonly #gate: UploaderGate;

  constructor(repository: UploadTokensRepository, ttlSeconds: number, gate: UploaderGate) {
    this.#repository = repository;
    this.#ttlMs = ttlSeconds * 1000;
    this.#gate = gate;
  }

  /** GET: a token to upload with. */
  async issue(userId: number): Promise<IssuedUploadToken> {
    // A moderator's upload limit (enforcement/) also revoked the tokens given out before it.
    if (await this.#repository.uploadsLimited(userId)) throw new AppError('uploads_limited');
    await this.#gate.assertMayUpload(userId);
    const upToken = opaqueToken();
    const expiresAt = new Date(Date.now() + this.#ttlMs);
    await this.#repository.issue(userId, tokenDigest(upToken), expiresAt, MAX_LIVE_UPLOAD_TOKENS);
    return { upToken, expiresAt: expiresAt.toISOString(), uploadUrl: UPLOAD_URL };
  }

  /** PUT: a new token; every earlier one stops working. */
  async renew(userId: number): Promise<IssuedUploadToken> {
    await this.#repository.revokeAll(userId);
    return this.issue(userId);
  }

  /** DELETE: no token of the user works any more. */
  async revoke(userId: number): Promise<void> {
    await this.#repository.revokeAll(userId);
  }

  /** Throws uptoken_invalid unless the token is live and the user's own. */
  async assertValid(userId: number, upToken: string | undefined): Promise<void> {
    if (!upToken || !new RegExp(UPLOAD_TOKEN_PATTERN).test(upToken)) throw new AppError('uptoken_invalid');
    if (!(await this.#repository.isLive(userId, tokenDigest(upToken)))) throw new AppError('uptoken_invalid');
  }
}
