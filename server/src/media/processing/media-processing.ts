/**
 * The seam between the two halves of the media pipeline: ingest (upload tokens, upload-preprocess, URL
 * imports) stores originals and creates the post and its media rows; processing (worker jobs) turns them
 * into served renditions. Ingest calls `schedule` once per new post, in the same request that created it.
 */
export interface MediaProcessing {
  /**
   * Plans the post's processing jobs (post_jobs rows, state `new`), moves the post to `queued` (4) and
   * enqueues the worker job. Idempotent: scheduling a post twice plans and enqueues it once.
   */
  schedule(postId: number): Promise<void>;
}
