import { AppError } from '../http/errors.ts';
import type { UploadService } from '../media/upload/upload.service.ts';

/** A downloaded file that passed sniffing, ready to enter the media pipeline. */
export interface IngestInput {
  readonly userId: number;
  /** A local file the ingest may read; the caller removes it afterwards. */
  readonly path: string;
  /** The scraper job's uid (the upload form's `scraperUId`): the post is linked to it. */
  readonly scraperJobUid: string;
}

/** The post an import became, and its first media file. */
export interface IngestedPost {
  readonly postId: number;
  readonly mediaId: number;
}

/** The pipeline refused the file (an upload code such as tooShort or too_few_images): the import fails with it. */
export class IngestRefused extends Error {
  readonly code: string;
  readonly detail: string;
  constructor(code: string, detail: string) {
    super(`${code}: ${detail}`);
    this.name = 'IngestRefused';
    this.code = code;
    this.detail = detail;
  }
}

/** Where URL imports hand their files to the media pipeline. Throws IngestRefused for a file it will not take. */
export interface MediaIngest {
  ingest(input: IngestInput): Promise<IngestedPost>;
}

/**
 * Imports go through the upload service: the same validation as an upload, a post of the user linked to
 * the job, processing scheduled. Idempotent per job, so a retried import ends with the same post.
 */
export class UploadMediaIngest implements MediaIngest {
  readonly #uploads: Pick<UploadService, 'ingestFile'>;

  constructor(uploads: Pick<UploadService, 'ingestFile'>) {
    this.#uploads = uploads;
  }

  async ingest(input: IngestInput): Promise<IngestedPost> {
    try {
      const post = await this.#uploads.ingestFile(input.userId, input.path, input.scraperJobUid);
      const first = post.media[0];
      if (!first) throw new AppError('no_files');
      return { postId: post.postId, mediaId: first.id };
    } catch (error) {
      if (error instanceof AppError) throw new IngestRefused(error.code, error.message);
      throw error;
    }
  }
}
