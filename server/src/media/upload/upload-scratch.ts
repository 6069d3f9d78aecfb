import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../http/errors.ts';
import { SNIFF_BYTES, type Sniffed, sniffBytes } from '../sniff.ts';
import { COLLECT_EVERY_BYTES, collectYoungGarbage } from './young-garbage.ts';

/** A received file in the scratch folder, with the type its first bytes gave. */
export interface ScratchFile {
  readonly path: string;
  readonly bytes: number;
  readonly sniffed: Exclude<Sniffed, { kind: 'rejected' }>;
}

/** Largest size a file of each kind may reach, decided once its first bytes are sniffed. */
export interface ReceiveLimits {
  readonly video: number;
  readonly image: number;
  /** What is left of the upload's quota allowance (upload-quota.ts), whatever the kind. */
  readonly quota: number;
}

/**
 * Counts the bytes flowing to disk and sniffs the first SNIFF_BYTES of them on the way, so a file is refused
 * as soon as its content (never its name or declared type) says it may not be uploaded, or its size passes
 * the limit of its kind or what is left of the user's quota: the rest of it is never read. Read buffers are collected as it goes (young-garbage.ts).
 */
class ReceiveGuard extends Transform {
  bytes = 0;
  sniffed: Sniffed | undefined;
  readonly #limits: ReceiveLimits;
  #head: Buffer[] = [];
  #headBytes = 0;
  #sinceCollection = 0;

  constructor(limits: ReceiveLimits) {
    super();
    this.#limits = limits;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    this.#sinceCollection += chunk.length;
    if (this.#sinceCollection >= COLLECT_EVERY_BYTES) {
      this.#sinceCollection = 0;
      collectYoungGarbage();
    }
    if (!this.sniffed && this.#headBytes < SNIFF_BYTES) {
      this.#head.push(chunk);
      this.#headBytes += chunk.length;
    }
    callback(this.#refusal(this.#headBytes >= SNIFF_BYTES), chunk);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.#refusal(true));
  }

  #refusal(headComplete: boolean): AppError | null {
    if (!this.sniffed && headComplete) {
      this.sniffed = sniffBytes(Buffer.concat(this.#head).subarray(0, SNIFF_BYTES));
      this.#head = [];
    }
    if (this.sniffed?.kind === 'rejected') return new AppError(this.sniffed.code);
    const limit = this.sniffed ? this.#limits[this.sniffed.kind] : Math.max(this.#limits.video, this.#limits.image);
    if (this.bytes > limit) return new AppError('file_too_large');
    return this.bytes > this.#limits.quota ? new AppError('upload_quota_exceeded') : null;
  }
}

/**
 * One upload's own folder under the scratch root, where its files land before they are checked. Whatever
 * happens to the upload, `remove` takes the folder and everything in it away.
 */
export class UploadScratch {
  readonly dir: string;
  #files = 0;

  private constructor(dir: string) {
    this.dir = dir;
  }

  static async create(root: string): Promise<UploadScratch> {
    await mkdir(root, { recursive: true });
    return new UploadScratch(await mkdtemp(join(root, 'upload-')));
  }

  /** A fresh path in the folder for a tool's output. */
  path(name: string): string {
    return join(this.dir, name);
  }

  /** Streams one file to disk in constant memory; throws the upload code that refuses it, leaving no partial file behind. */
  async receive(stream: Readable, limits: ReceiveLimits): Promise<ScratchFile> {
    this.#files += 1;
    const path = this.path(`file-${this.#files}`);
    const guard = new ReceiveGuard(limits);
    try {
      await pipeline(stream, guard, createWriteStream(path, { flags: 'wx' }));
    } catch (error) {
      // A refused file stops the stream at once; its partial bytes are deleted now, not with the folder.
      await rm(path, { force: true });
      if (error instanceof AppError) throw error;
      // A disk failure comes from a system call; anything else is the body ending mid-file (cut off, or the
      // client gone), which is the client's doing.
      if ((error as NodeJS.ErrnoException).syscall) throw error;
      throw new AppError('malformed_body');
    }
    const { sniffed } = guard;
    if (!sniffed || sniffed.kind === 'rejected') throw new AppError('not_video_or_image');
    return { path, bytes: guard.bytes, sniffed };
  }

  async remove(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
