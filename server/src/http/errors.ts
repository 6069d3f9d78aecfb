/**
 * The one error table. An error code is a stable string clients switch on (and translate through the
 * locale files); `statusCode` is the spec's negative envelope code; `http` is set only for failures
 * at the transport level, where a real HTTP status helps proxies and clients (see ARCHITECTURE.md).
 */
export const errorTable = {
  restricted_query: { statusCode: -2, message: 'This search is restricted' },
  user_banned: { statusCode: -3, message: 'This account is banned' },
  user_to_be_deleted: { statusCode: -4, message: 'This account is scheduled for deletion' },
  invalid_input: { statusCode: -10, message: 'The request is not valid', http: 400 },
  login_required: { statusCode: -11, message: 'Log in to do this' },
  forbidden: { statusCode: -12, message: 'You are not allowed to do this' },
  not_found: { statusCode: -13, message: 'Not found' },
  conflict: { statusCode: -14, message: 'This conflicts with the current state' },
  csrf_rejected: { statusCode: -15, message: 'Cross-site request rejected', http: 403 },
  route_not_found: { statusCode: -16, message: 'No such endpoint', http: 404 },
  malformed_body: { statusCode: -17, message: 'The request body could not be parsed', http: 400 },
  body_too_large: { statusCode: -18, message: 'The request body is too large', http: 413 },
  unsupported_media_type: { statusCode: -19, message: 'Unsupported content type', http: 415 },
  rate_limited: { statusCode: -20, message: 'Too many requests, try again later', http: 429 },
  service_unavailable: { statusCode: -21, message: 'The service is not ready', http: 503 },
  invalid_credentials: { statusCode: -30, message: 'Wrong username, e-mail or password' },
  username_taken: { statusCode: -31, message: 'This username is taken' },
  email_taken: { statusCode: -32, message: 'This e-mail address is already registered' },
  invalid_username: { statusCode: -33, message: 'This username is not allowed' },
  invalid_email: { statusCode: -34, message: 'This e-mail address is not valid' },
  weak_password: { statusCode: -35, message: 'Choose a stronger password' },
  token_invalid: { statusCode: -36, message: 'This link or token is not valid' },
  token_expired: { statusCode: -37, message: 'This link or token has expired' },
  bot_check_failed: { statusCode: -38, message: 'The proof of work is missing or not valid' },
  social_login_failed: { statusCode: -39, message: 'The sign-in token could not be verified' },
  social_account_in_use: { statusCode: -40, message: 'This sign-in account belongs to another user' },
  social_not_configured: { statusCode: -41, message: 'This sign-in provider is not configured' },
  last_login_method: { statusCode: -42, message: 'Set a password before removing your only way to log in' },
  picture_too_small: { statusCode: -43, message: 'The picture is too small' },
  upload_timed_out: { statusCode: -44, message: 'The upload took too long' },
  // Upload codes (media/upload-rules.ts): camelCase ones and the first five snake_case ones are the spec's (§8).
  multiple_videos: { statusCode: -60, message: 'Choose a single video' },
  mixed_media: { statusCode: -61, message: 'Choose either videos or images, not both' },
  not_video_or_image: { statusCode: -62, message: 'This file is not a video or an image' },
  not_video: { statusCode: -63, message: 'Only videos can be joined' },
  no_image_in_ratio_range: { statusCode: -64, message: 'No image has a usable size and shape' },
  wrongMediaForDevice: { statusCode: -65, message: 'This video cannot be played' },
  tooSmall: { statusCode: -66, message: 'The video is too small' },
  tooShort: { statusCode: -67, message: 'The video is too short' },
  no_files: { statusCode: -68, message: 'Choose a file to upload' },
  images_not_allowed: { statusCode: -69, message: 'Your account cannot post images' },
  too_few_images: { statusCode: -70, message: 'An image post needs at least two images' },
  too_many_images: { statusCode: -71, message: 'An image post holds at most twenty images' },
  file_too_large: { statusCode: -72, message: 'The file is too large' },
  video_too_long: { statusCode: -73, message: 'The video is too long' },
  unsupported_image_format: { statusCode: -74, message: 'This image format is not supported' },
  media_too_many_pixels: { statusCode: -75, message: 'The picture size is too large' },
  // Upload service (media/upload/): the token, and more clips than a post may join.
  uptoken_invalid: { statusCode: -76, message: 'The upload token is missing, expired or revoked' },
  too_many_clips: { statusCode: -77, message: 'Join at most twenty clips' },
  // Per-user upload quota (media/upload/upload-quota.ts).
  upload_quota_exceeded: { statusCode: -170, message: 'You have uploaded as much as you can for today' },
  too_many_uploads_at_once: { statusCode: -171, message: 'Wait for your other uploads to finish' },
  // Posts and the social graph (posts/, social/).
  cannot_follow_self: { statusCode: -50, message: 'You cannot follow yourself' },
  post_not_publishable: { statusCode: -51, message: 'This post cannot be published in its current state' },
  invalid_post_link: { statusCode: -52, message: 'This is not a link to a post on this site' },
  post_not_retryable: { statusCode: -180, message: 'Only a post whose processing failed can be processed again' },
  // Duplicate check and URL imports (media/simicheck/, scraper/); job failure reasons are codes too.
  simicheck_invalid_sixpack: { statusCode: -110, message: 'The video signature is not valid' },
  scraper_invalid_url: { statusCode: -111, message: 'Enter a web address starting with http:// or https://' },
  scraper_address_refused: { statusCode: -112, message: 'This address cannot be imported' },
  scraper_too_many_jobs: { statusCode: -113, message: 'Wait for your current imports to finish' },
  scraper_fetch_failed: { statusCode: -114, message: 'The address could not be downloaded' },
  scraper_too_large: { statusCode: -115, message: 'The file at this address is too large' },
  scraper_timed_out: { statusCode: -116, message: 'The download took too long' },
  scraper_no_media: { statusCode: -117, message: 'No video or image was found at this address' },
  scraper_too_many_redirects: { statusCode: -118, message: 'The address redirects too many times' },
  // Media processing failure reasons (media/processing/), stored in media_files.error and post_jobs.error.
  media_original_missing: { statusCode: -120, message: 'The uploaded file is missing' },
  media_transcode_failed: { statusCode: -121, message: 'The video could not be converted' },
  media_transcode_incomplete: { statusCode: -122, message: 'The video ends early; the file may be damaged' },
  media_processing_failed: { statusCode: -123, message: 'The upload could not be processed' },
  // Discovery: tags, search, contact and abuse reports (-130..-149).
  captcha_failed: { statusCode: -130, message: 'The anti-robot check failed, please try again' },
  // Websocket (realtime/).
  socket_message_invalid: { statusCode: -150, message: 'This message is not understood' },
  socket_rate_limited: { statusCode: -151, message: 'Too many messages, slow down' },
  socket_origin_rejected: { statusCode: -152, message: 'Connections from this site are not allowed', http: 403 },
  socket_identity_changed: { statusCode: -165, message: 'This connection belongs to another session; open a new one' },
  socket_limit_reached: { statusCode: -166, message: 'Too many open connections from your network' },
  // Google/Apple login nonces (accounts/login-nonces.ts).
  login_nonce_invalid: { statusCode: -175, message: 'This sign-in was not started here; start it again' },
  login_nonce_expired: { statusCode: -176, message: 'This sign-in took too long; start it again' },
  login_nonce_used: { statusCode: -177, message: 'This sign-in was already used; start it again' },
  // Moderation (moderation/): intake, cases, roles (-200..-219).
  complaint_subject_unknown: { statusCode: -200, message: 'None of these addresses points to content on this site' },
  report_rate_limited: { statusCode: -201, message: 'You have sent many reports; try again later', http: 429 },
  case_closed: { statusCode: -202, message: 'This case is closed' },
  not_staff: { statusCode: -203, message: 'This account is not a moderator' },
  appeal_needs_other_moderator: { statusCode: -204, message: 'An appeal goes to a moderator who did not act on the case' },
  last_admin: { statusCode: -205, message: 'Keep at least one admin' },
  // Identity verification (compliance/verification/).
  already_verified: { statusCode: -185, message: 'This account is verified already' },
  // Enforcement (enforcement/): account restrictions, appeals, counter-notices, watched words (-220..-239).
  account_suspended: { statusCode: -220, message: 'This account is suspended for now' },
  uploads_limited: { statusCode: -221, message: 'Uploading is turned off for this account' },
  enforcement_not_applicable: { statusCode: -222, message: 'This action does not apply to the current state' },
  appeal_window_closed: { statusCode: -223, message: 'The time to appeal this decision has passed' },
  appeal_exists: { statusCode: -224, message: 'This decision was already appealed' },
  appeal_same_moderator: { statusCode: -225, message: 'An appeal is decided by a moderator who did not take the action' },
  appeal_decided: { statusCode: -226, message: 'This appeal was already decided' },
  counter_notice_not_allowed: { statusCode: -227, message: 'A counter-notice applies only to a post withheld for copyright' },
  counter_notice_exists: { statusCode: -228, message: 'A counter-notice was already sent for this decision' },
  watched_word_blocked: { statusCode: -229, message: 'This text contains a word that is not allowed here' },
  // Cover frames chosen in the studio (media/cover/).
  cover_not_video: { statusCode: -280, message: 'Only a video post has a frame to choose as its cover' },
  cover_post_not_ready: { statusCode: -281, message: 'This post is still being processed; choose its cover when it is ready' },
  cover_post_failed: { statusCode: -282, message: 'This post could not be processed, so it has no cover to change' },
  cover_post_withdrawn: { statusCode: -283, message: 'This post was removed, so its cover cannot be changed' },
  cover_time_out_of_range: { statusCode: -284, message: 'Choose a moment within the video' },
  // Captions (captions/): uploaded WebVTT or SRT refused by content (-270..-279).
  caption_encoding_invalid: { statusCode: -270, message: 'Caption files must be UTF-8 text' },
  caption_format_invalid: { statusCode: -271, message: 'This is not a WebVTT or SRT caption file' },
  caption_timing_invalid: { statusCode: -272, message: 'A caption has a time that is not valid' },
  caption_too_large: { statusCode: -273, message: 'The caption file is too large' },
  caption_too_many_cues: { statusCode: -274, message: 'The caption file has too many captions' },
  caption_cue_too_long: { statusCode: -275, message: 'A caption has too many or too long lines' },
  caption_empty: { statusCode: -276, message: 'The caption file holds no captions' },
  captions_need_video: { statusCode: -277, message: 'Captions can be added to a processed video only' },
  // Data exports (exports/): one at a time, a cooling-off time between them, archives that expire (-310..-319).
  export_in_progress: { statusCode: -310, message: 'Your data export is already being prepared' },
  export_too_soon: { statusCode: -311, message: 'You asked for an export recently; try again later' },
  export_expired: { statusCode: -312, message: 'This export has expired; ask for a new one', http: 410 },
  export_not_ready: { statusCode: -313, message: 'This export is not ready to download', http: 409 },
  // Hash banks (compliance/hash-banks/): imports of PDQ hash lists (-320..-329).
  hash_bank_internal: { statusCode: -320, message: 'The internal bank is filled by removals; import into another bank' },
  hash_list_empty: { statusCode: -321, message: 'The list holds no valid PDQ hash' },
  // Age assurance by jurisdiction (compliance/age-assurance/): -340..-349.
  age_check_required: { statusCode: -340, message: 'Verify your age to see this content' },
  jurisdiction_blocked: { statusCode: -341, message: 'This site is not available in your location' },
  age_check_not_required: { statusCode: -342, message: 'No age check is required here' },
  age_check_attempt_invalid: { statusCode: -343, message: 'This age check has expired; start again' },
  age_check_failed: { statusCode: -344, message: 'The age check was not passed' },
  age_rule_unknown_location: { statusCode: -345, message: 'The rule for unknown locations can be changed, not removed' },
  // Confirmed CSAM (compliance/csam/): preservation, CyberTipline reports (-350..-359).
  csam_no_subject: { statusCode: -350, message: 'This case names no post or account to act on' },
  csam_report_submitted: { statusCode: -351, message: 'This report is already marked as submitted' },
  csam_evidence_unreadable: { statusCode: -352, message: 'The preserved file could not be opened; its integrity check failed' },
  // Identity verification and the uploader gate (compliance/verification/): -330..-339.
  verification_required: { statusCode: -330, message: 'Only verified creators can upload; verify your identity first' },
  identity_underage: { statusCode: -331, message: 'You must be 18 or older to be verified' },
  identity_banned: { statusCode: -332, message: 'This identity cannot be verified on this site' },
  identity_pending: { statusCode: -333, message: 'Your verification is waiting for review' },
  identity_image_invalid: { statusCode: -334, message: 'This picture cannot be read; take a sharper photo of it' },
  identity_image_too_large: { statusCode: -335, message: 'This picture is too large' },
  identity_decided: { statusCode: -336, message: 'This verification was already decided' },
  identity_callback_rejected: { statusCode: -337, message: 'The callback could not be verified', http: 401 },
  // Performer manifests and consent (compliance/performers/): -360..-369.
  performer_account_unknown: { statusCode: -360, message: 'No account has this username' },
  performer_duplicate: { statusCode: -361, message: 'This person is listed twice' },
  performer_consented_locked: {
    statusCode: -362,
    message: 'A performer who consented cannot be removed from a published post',
  },
  performer_answered: { statusCode: -363, message: 'This request can no longer be answered this way' },
  release_link_invalid: { statusCode: -364, message: 'This release link is not valid' },
  release_link_expired: { statusCode: -365, message: 'This release link has expired; ask the creator to send a new one' },
  consent_scopes_incomplete: { statusCode: -366, message: 'Consent to be depicted and to distribution is needed' },
  release_signature_mismatch: { statusCode: -367, message: 'Type your legal name exactly as your signature' },
  production_date_invalid: { statusCode: -368, message: 'The production date cannot be in the future' },
  release_in_review: { statusCode: -369, message: 'Your release is waiting for review' },
  // Resilience (db/database.ts, http/): the database is down or overloaded; the client may retry.
  database_unavailable: { statusCode: -245, message: 'The service is briefly unavailable, try again in a moment', http: 503 },
  database_timeout: { statusCode: -246, message: 'The service is too busy to answer, try again in a moment', http: 503 },
  storage_full: { statusCode: -247, message: 'There is no room to store this file now, try again later', http: 507 },
  // Outbound calls (OUTBOUND_TIMEOUT_MS): the mail server or the bucket did not answer in time.
  mail_unavailable: { statusCode: -256, message: 'E-mail cannot be sent right now, try again in a moment', http: 503 },
  storage_unavailable: {
    statusCode: -257,
    message: 'Stored files cannot be reached right now, try again in a moment',
    http: 503,
  },
  // Creator analytics, ingestion (analytics/): -290..-299.
  watch_progress_too_frequent: { statusCode: -290, message: 'Watch progress is reported too often' },
  // Creator studio (studio/): drafts, scheduling, per-post settings (-260..-269).
  schedule_too_soon: { statusCode: -260, message: 'Choose a time at least a minute from now' },
  schedule_too_far: { statusCode: -261, message: 'A post can be scheduled at most 30 days ahead' },
  schedule_limit_reached: {
    statusCode: -262,
    message: 'You have as many scheduled posts as you can have; publish or cancel one first',
  },
  post_not_schedulable: {
    statusCode: -263,
    message: 'Only a draft or a scheduled post can be scheduled or published from the studio',
  },
  embedding_disabled: { statusCode: -264, message: 'The creator does not allow this post to be embedded' },
  internal_error: { statusCode: -99, message: 'Something went wrong on our side', http: 500 },
} as const satisfies Record<string, { statusCode: number; message: string; http?: number }>;

export type ErrorCode = keyof typeof errorTable;

export interface ErrorDetail {
  readonly field?: string;
  readonly problem: string;
}

/** Thrown by services; turned into the envelope in one place (`error-handler.ts`). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: readonly ErrorDetail[] | undefined;
  readonly headers: Readonly<Record<string, string>> | undefined;

  constructor(code: ErrorCode, options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {}) {
    super(errorTable[code].message);
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.headers = options.headers;
  }
}

export interface ErrorEnvelope {
  statusCode: number;
  error: ErrorCode;
  message: string;
  details?: readonly ErrorDetail[];
}

export function errorEnvelope(code: ErrorCode, details?: readonly ErrorDetail[]): { http: number; body: ErrorEnvelope } {
  const entry = errorTable[code];
  const body: ErrorEnvelope = { statusCode: entry.statusCode, error: code, message: entry.message };
  if (details?.length) body.details = details;
  return { http: 'http' in entry ? entry.http : 200, body };
}
