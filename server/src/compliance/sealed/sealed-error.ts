export type SealedFailure = 'not_sealed' | 'unsupported_version' | 'unknown_key' | 'tampered' | 'truncated';

/** Why a blob could not be opened; a caller answers it as an error of its own, it never crashes the process. */
export class SealedError extends Error {
  readonly reason: SealedFailure;

  constructor(reason: SealedFailure, message: string) {
    super(message);
    this.name = 'SealedError';
    this.reason = reason;
  }
}
