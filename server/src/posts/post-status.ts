/**
 * Post states. The spec names the numeric values 1, 2, 4, 5 and 6 and says statuses 1, 4 and 5 report
 * progress 0 while 2 reports job progress (§4); the meanings below are our design:
 *
 *   created(1) ─schedule()─▶ queued(4) ─worker job─▶ processing(2) ─all jobs done─▶ published(6) or private(8)
 *                               │                     ▲    │                       (the owner's target_status)
 *                               └──▶ checking(5) ─────┘    └─ permanent error or last attempt failed ─▶ failed(3)
 *   any ──owner or moderator──▶ removed(7)
 *   published(6) ◀──owner──▶ private(8)       any ──moderator──▶ blocked(9)
 *   published(6) or private(8) ──moderator hides──▶ in review(10) ──restore──▶ back (target_status)
 *   processing ──would publish, owner not yet trusted (pre-publication review)──▶ in review(10) ──approve──▶ published(6)
 *   processing ──owner chose draft or a time (target_status)──▶ draft(11) or scheduled(12)
 *   draft(11) ──schedule──▶ scheduled(12) ──job studio:publish-scheduled at scheduled_at──▶ published(6) (or in review(10), as above)
 *   draft(11) ◀──cancel── scheduled(12)      draft or scheduled ──publish now──▶ published(6) or private(8)
 *   any ──would publish, a performer not yet verified or consented──▶ awaiting performers(13) ──all cleared──▶ target_status
 *   published(6) ──legacy guard: performers' records incomplete──▶ awaiting performers(13)
 *
 * Draft (11) and scheduled (12) are ours too (studio/README.md): the owner's post waiting to be published,
 * visible to its owner only, like private; `posts.scheduled_at` holds a scheduled post's time.
 * In review (10) is ours, not the spec's: the post waits for a moderator (enforcement/README.md), its
 * media is served to its owner only and kept, and its owner sees it labelled "in review".
 * The jobs and retries behind processing: media/processing/README.md. Only `published` posts appear in
 * feeds, search and public lists; the owner sees every state but removed.
 */
export const PostStatus = {
  created: 1,
  processing: 2,
  failed: 3,
  queued: 4,
  checking: 5,
  published: 6,
  removed: 7,
  private: 8,
  blocked: 9,
  inReview: 10,
  draft: 11,
  scheduled: 12,
  /** Ours: held until every performer of the post is verified and has consented (compliance/performers/). */
  awaitingPerformers: 13,
} as const;
export type PostStatusValue = (typeof PostStatus)[keyof typeof PostStatus];

/**
 * Media file states. Values below 10 are still being prepared (spec §9 preloads notification media with
 * status < 10); 2 tells the client to refetch the post because a rendition changed (§3).
 *
 *   uploaded(1) ──worker job──▶ processing(3) ──every job of the post done──▶ ready(10)
 *        refetch(2) ──worker job──▶ processing(3)      └─ the post failed ─▶ failed(9), reason in media_files.error
 */
export const MediaStatus = {
  uploaded: 1,
  refetch: 2,
  processing: 3,
  failed: 9,
  ready: 10,
} as const;
export type MediaStatusValue = (typeof MediaStatus)[keyof typeof MediaStatus];
