import { AppError } from '../../http/errors.ts';
import type { UploadLimits } from '../upload-rules.ts';
import type { UploadLoad, UploadQuotaRepository } from './upload-quota.repository.ts';

export interface UploadQuotaSettings {
  /** UPLOAD_BYTES_PER_DAY: originals a user may store by upload in any 24 hours. */
  readonly bytesPerDay: number;
  /** UPLOADS_AT_ONCE: uploads a user may have streaming at the same time. */
  readonly atOnce: number;
}

/** The wait suggested when only running uploads fill the day's bytes: they give back what they do not use. */
const RUNNING_UPLOAD_WAIT_SECONDS = 60;

/** An upload's place among the user's running uploads, held from its first file to its end. */
export interface UploadSlot {
  /** Bytes this upload may receive in all; more is `upload_quota_exceeded`. */
  readonly allowanceBytes: number;
  release(): Promise<void>;
}

/**
 * Per-user upload quota and concurrency cap (media/README.md "Quota"). Starting an upload takes a slot
 * (`too_many_uploads_at_once` past UPLOADS_AT_ONCE) and reserves what it may receive: what is left of the
 * day's bytes after the originals stored in the last 24 hours and the reservations of the user's other
 * running uploads, at most one upload's largest size. Nothing left is `upload_quota_exceeded` before a byte
 * is read; the receiver stops the upload at its allowance.
 */
export class UploadQuota {
  readonly #repository: UploadQuotaRepository;
  readonly #settings: UploadQuotaSettings;
  readonly #largestUpload: number;

  constructor(repository: UploadQuotaRepository, settings: UploadQuotaSettings, limits: UploadLimits) {
    this.#repository = repository;
    this.#settings = settings;
    this.#largestUpload = Math.max(limits.maxVideoBytes, limits.maxImageBytes * limits.maxImagesPerPost);
  }

  /**
   * Before anything is chosen (the upload token): refuses with `upload_quota_exceeded` and Retry-After (the
   * seconds until stored bytes leave the 24 hours) when nothing is left today. Running uploads alone end
   * sooner than that, so their reservations answer a short wait.
   */
  async assertRoom(userId: number, now = new Date()): Promise<void> {
    const { usedBytes, roomFreesAt } = await this.#repository.standing(userId);
    if (usedBytes < this.#settings.bytesPerDay) return;
    const seconds = roomFreesAt ? Math.ceil((roomFreesAt.getTime() - now.getTime()) / 1000) : RUNNING_UPLOAD_WAIT_SECONDS;
    throw new AppError('upload_quota_exceeded', { headers: { 'retry-after': String(Math.max(1, seconds)) } });
  }

  async start(userId: number): Promise<UploadSlot> {
    return this.#take(userId, (load) => {
      if (load.running >= this.#settings.atOnce) throw new AppError('too_many_uploads_at_once');
      const left = this.#settings.bytesPerDay - load.storedBytes - load.reservedBytes;
      if (left <= 0) throw new AppError('upload_quota_exceeded');
      return Math.min(left, this.#largestUpload);
    });
  }

  /**
   * Room for a file of `bytes` that came another way (a URL import, already downloaded): the same day's
   * bytes as uploads, `upload_quota_exceeded` past what is left, reserved until released. Never refused
   * for uploads at once (imports have their own cap, scraper_too_many_jobs), though it counts among them.
   */
  async reserve(userId: number, bytes: number): Promise<UploadSlot> {
    return this.#take(userId, (load) => {
      if (bytes > this.#settings.bytesPerDay - load.storedBytes - load.reservedBytes) {
        throw new AppError('upload_quota_exceeded');
      }
      return bytes;
    });
  }

  async #take(userId: number, decide: (load: UploadLoad) => number): Promise<UploadSlot> {
    let allowanceBytes = 0;
    const slotId = await this.#repository.start(userId, (load) => {
      allowanceBytes = decide(load);
      return allowanceBytes;
    });
    let released = false;
    return {
      allowanceBytes,
      release: async () => {
        if (released) return;
        released = true;
        await this.#repository.finish(slotId);
      },
    };
  }
}
