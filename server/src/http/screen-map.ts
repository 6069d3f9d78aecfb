import type { ClientEventName } from '../realtime/client-messages.ts';

/**
 * Which screen uses each call of the API and each websocket message of spec §7, or why none does.
 * api-coverage.test.ts reads this one file: it fails when a registered route or a message has no entry
 * (or an entry names a route that is gone), and checks that the named screen reaches the call.
 *
 * - `screen`: the route module (web/app/routes/..., or root.tsx for what every page does), relative to web/app.
 * - `source`: the module that makes the call, when it is not the screen itself; the screen must reach it
 *   through its imports.
 * - `reference`: the text the source holds when the address is built (`/api/login-${provider}`);
 *   otherwise the route's own path, with each `:param` standing for any path segment, must appear.
 * - `reason`: no screen calls it, and why that is right.
 */
export type ScreenUse =
  | { readonly screen: string; readonly source?: string; readonly reference?: string }
  | { readonly reason: string };

// The source text of template literals in the web app, not templates of our own.
// biome-ignore lint/suspicious/noTemplateCurlyInString: see above
const socialLoginCall = '/api/login-${provider}';
// biome-ignore lint/suspicious/noTemplateCurlyInString: see above
const socialConnectCall = '/api/login-${provider}-connect';
// biome-ignore lint/suspicious/noTemplateCurlyInString: see above
const trendListCall = '/api/search/${list}';
// biome-ignore lint/suspicious/noTemplateCurlyInString: see above
const caseStepCall = '/api/admin/cases/${item.id}/${choice.kind}';
const statementCall = '/api/enforcement/statements/${';
// biome-ignore lint/suspicious/noTemplateCurlyInString: see above
const statementByTokenCall = '${path}/by-token?';
// biome-ignore lint/suspicious/noTemplateCurlyInString: see above
const identityDocumentCall = '/api/admin/identity/${submissionId}/document/${document.kind}';
// biome-ignore lint/suspicious/noTemplateCurlyInString: see above
const identityDecisionCall = '/api/admin/identity/${submissionId}/${choice}';
const identityDecision = {
  screen: 'routes/admin/identity-review.tsx',
  source: 'components/identity/IdentityDecision.tsx',
} as const;
const upload = { screen: 'routes/new-post.tsx', source: 'components/upload/upload-token.ts' } as const;
const settings = (source: string) => ({ screen: 'routes/settings.tsx', source: `components/account/${source}` });
const slashless = (withSlash: string): ScreenUse => ({
  reason: `the same list as ${withSlash} (spec §7 writes both forms); the screens call the form with the slash`,
});
const managePost = { screen: 'routes/profile.tsx', source: 'components/posts/post-management.ts' } as const;
const coverTab = { screen: 'routes/studio/post-cover.tsx', source: 'components/cover/cover-api.ts' } as const;
const importJob = { screen: 'routes/new-post.tsx', source: 'components/upload/useImportJob.ts' } as const;
const caseActions = { screen: 'routes/admin/case.tsx', source: 'components/moderation/CaseActions.tsx' } as const;
const studioPost = { screen: 'routes/studio/post-details.tsx', source: 'components/studio/studio-api.ts' } as const;
const statement = { screen: 'routes/statement.tsx', source: 'components/moderation/statement-loader.server.ts' } as const;
const exportPanel = { screen: 'routes/studio/export.tsx', source: 'components/export/ExportPanel.tsx' } as const;
const performersApi = 'components/performers/performers-api.ts';
const performersOfPost = { screen: 'routes/studio/post-performers.tsx', source: performersApi } as const;
const performerRequest = { screen: 'routes/notifications.tsx', source: performersApi } as const;
const otherClients =
  'an answer for other clients (spec §7 contract, the OpenAPI document); the web app receives its messages with the root loader';

/** Every route whose path starts with one of API_PREFIXES, as `METHOD pattern`. */
export const apiScreens: Record<string, ScreenUse> = {
  'GET /api/settings': { screen: 'root.tsx', source: 'lib/root-loader.server.ts' },
  'GET /api/refresh': { screen: 'root.tsx', source: 'lib/session.ts' },
  'POST /api/logout': { screen: 'root.tsx', source: 'lib/session.ts' },
  'POST /api/anonymous-login': {
    reason:
      'page loads mint the visitor token on the server (accounts/page-session.plugin.ts), so the web app never asks; kept for other clients (spec §4 "anonymous login")',
  },
  'POST /api/login': { screen: 'routes/login.tsx', source: 'components/account/LoginForm.tsx' },
  'POST /api/signup': { screen: 'routes/login.tsx', source: 'components/account/SignupForm.tsx' },
  'POST /api/check/email': { screen: 'routes/login.tsx', source: 'components/account/SignupForm.tsx' },
  'POST /api/check/username': { screen: 'routes/login.tsx', source: 'components/account/SignupForm.tsx' },
  'GET /api/altcha': { screen: 'routes/login.tsx', source: 'components/account/useProofOfWork.ts' },
  'GET /api/login-providers': { screen: 'routes/login.tsx' },
  'POST /api/login-nonce': { screen: 'routes/login.tsx', source: 'components/account/SocialLogin.tsx' },
  'POST /api/login-google': {
    screen: 'routes/login.tsx',
    source: 'components/account/SocialLogin.tsx',
    reference: socialLoginCall,
  },
  'POST /api/login-apple': {
    screen: 'routes/login.tsx',
    source: 'components/account/SocialLogin.tsx',
    reference: socialLoginCall,
  },
  'POST /api/login-google-connect': { ...settings('ConnectedAccounts.tsx'), reference: socialConnectCall },
  'POST /api/login-apple-connect': { ...settings('ConnectedAccounts.tsx'), reference: socialConnectCall },
  'DELETE /api/login-google-connect': { ...settings('ConnectedAccounts.tsx'), reference: socialConnectCall },
  'DELETE /api/login-apple-connect': { ...settings('ConnectedAccounts.tsx'), reference: socialConnectCall },
  'POST /api/apple-exchange-code': { screen: 'routes/login.tsx', source: 'components/account/SocialLogin.tsx' },
  'POST /api/reset/': { screen: 'routes/login.tsx', source: 'components/account/ForgotPasswordForm.tsx' },
  'GET /api/pass-change/:x': { screen: 'routes/reset-password.tsx' },
  'POST /api/pass-change/:x': { screen: 'routes/reset-password.tsx', source: 'components/account/ResetPasswordForm.tsx' },
  'GET /api/action/resend/verification': settings('AccountSection.tsx'),
  'POST /api/action/jwt': { screen: 'routes/action.tsx' },
  'PUT /api/user/me': settings('ProfileSection.tsx'),
  'DELETE /api/user/me': settings('DeleteAccountDialog.tsx'),
  'PUT /api/user/me/password': settings('PasswordChange.tsx'),
  'POST /api/user/random-avatar': settings('AvatarEditor.tsx'),
  'POST /media-api/upload': settings('AvatarEditor.tsx'),
  'GET /api/user/cookie': { screen: 'root.tsx', source: 'lib/preferences.ts' },
  'POST /api/user/cookie': { screen: 'root.tsx', source: 'lib/preferences.ts' },
  'GET /api/user/:id': { screen: 'routes/profile.tsx', source: 'components/profile/profile-data.server.ts' },
  'GET /api/user/:id/followers': { screen: 'routes/profile-followers.tsx' },
  'GET /api/user/:id/following': { screen: 'routes/profile-following.tsx' },
  'GET /api/user': {
    reason:
      "spec §7 ?ifollow=1 / ?myfollowers=1 lists for other clients; the followers and following screens page /api/user/{id}/followers and /following, which serve anyone's profile too",
  },
  'POST /api/user/follow': { screen: 'routes/profile.tsx', source: 'components/profile/FollowButton.tsx' },
  'DELETE /api/user/follow': { screen: 'routes/profile.tsx', source: 'components/profile/FollowButton.tsx' },

  'GET /api/post/': { screen: 'routes/tag.tsx', source: 'components/discovery/PagedPostGrid.tsx' },
  'GET /api/post': slashless('GET /api/post/'),
  'GET /api/post/:id': { screen: 'routes/new-post.tsx', source: 'components/upload/useProcessing.ts' },
  'POST /api/post': { screen: 'routes/new-post.tsx', source: 'components/upload/ImportComposer.tsx' },
  'GET /api/studio/post/:postId/captions': { screen: 'routes/studio/post-captions.tsx' },
  'PUT /api/studio/post/:postId/captions/:language': {
    screen: 'routes/studio/post-captions.tsx',
    source: 'components/captions/captions-api.ts',
  },
  'DELETE /api/studio/post/:postId/captions/:language': {
    screen: 'routes/studio/post-captions.tsx',
    source: 'components/captions/captions-api.ts',
  },
  'PUT /api/post/:id': managePost,
  'DELETE /api/post/:id': managePost,
  'POST /api/post/retry/:id': managePost,
  'GET /api/studio/post/:postId/cover': coverTab,
  'POST /api/studio/post/:postId/cover/frame': coverTab,
  'POST /api/studio/post/:postId/cover/image': coverTab,
  'GET /api/post/likes/:id': { screen: 'routes/profile-post.tsx', source: 'components/posts/LikersSheet.tsx' },
  'GET /api/debug/post/:id': {
    reason:
      'spec §6 debug mode: answers only a session with debugLevel 1, for operators looking into a post by hand; nothing a member sees',
  },
  'POST /api/post/like/:id': { screen: 'routes/home.tsx', source: 'components/feed/social-actions.ts' },
  'DELETE /api/post/like/:id': { screen: 'routes/home.tsx', source: 'components/feed/social-actions.ts' },
  'POST /api/post/pin/:id': { screen: 'routes/profile.tsx', source: 'components/posts/PinButton.tsx' },
  'DELETE /api/post/pin/:id': { screen: 'routes/profile.tsx', source: 'components/posts/PinButton.tsx' },
  'POST /api/post/share/:id': { screen: 'routes/home.tsx', source: 'components/feed/social-actions.ts' },
  'POST /api/post/progress/:id': { screen: 'routes/home.tsx', source: 'components/player/useWatchProgress.ts' },
  'POST /api/post/view/:id': {
    reason:
      'the HTTP fallback of the websocket messages viewingPost and viewedPost (spec §7) for clients without a socket; the feed sends them over the socket, which queues them while closed',
  },
  'GET /api/oembed': {
    reason:
      "the oEmbed answer other sites fetch for a post link (the share sheet's embed code is the same player); no screen of ours embeds itself",
  },

  'GET /api/media/uptoken': upload,
  'PUT /api/media/uptoken': upload,
  'DELETE /api/media/uptoken': {
    reason:
      'revokes a token early for other clients; the composer cancels by aborting the upload, and an unused token lapses after UPLOAD_TOKEN_TTL_SECONDS',
  },
  'POST /media-api/upload-preprocess': {
    screen: 'routes/new-post.tsx',
    source: 'components/upload/upload-request.ts',
    reference: '/upload-preprocess',
  },
  'GET /media-api/mcp-alive': {
    reason:
      'a liveness probe of the upload service for load balancers and monitoring (spec §7); the composer learns of trouble from the upload itself',
  },
  'POST /simicheck/check-user': { screen: 'routes/new-post.tsx', source: 'lib/sixpack.ts' },
  'GET /api/scraper': importJob,
  'POST /api/scraper': { screen: 'routes/new-post.tsx', source: 'components/upload/ImportLinkForm.tsx' },
  'DELETE /api/scraper': importJob,

  'GET /api/notification/:list': { screen: 'routes/notifications.tsx' },
  'GET /api/studio/export': exportPanel,
  'POST /api/studio/export': exportPanel,
  // The ready export's answer carries the address (exports.service.ts downloadPath); the page links to it.
  'GET /api/studio/export/:id/download': { ...exportPanel, reference: 'downloadUrl' },

  'GET /api/2/search': { screen: 'routes/search.tsx' },
  'GET /api/search/post-tag': { screen: 'routes/search.tsx', source: 'components/discovery/SearchResults.tsx' },
  'GET /api/search/whisperer': { screen: 'routes/search.tsx', source: 'components/discovery/SearchBox.tsx' },
  'GET /api/search/whisperer/tag': {
    reason:
      'tag-only suggestions for other clients; the search box suggests tags, users and queries together from /api/search/whisperer',
  },
  'GET /api/search/top-queries': { screen: 'routes/search-trends.tsx', reference: trendListCall },
  'GET /api/search/popular': { screen: 'routes/search-trends.tsx', reference: trendListCall },
  'GET /api/search/combo': { screen: 'routes/search-trends.tsx', reference: trendListCall },
  'GET /api/search/random': { screen: 'routes/search-trends.tsx', reference: trendListCall },
  'GET /api/search/user': {
    reason: 'paged user results for other clients; the search page shows the users /api/2/search returns',
  },
  'GET /api/search/tag': {
    reason: 'paged tag results for other clients; the search page shows the tags /api/2/search returns',
  },

  'GET /api/tag/alphabet': { screen: 'routes/tags.tsx' },
  'GET /api/tag/tophits': { screen: 'routes/tags.tsx' },
  'GET /api/tag/category': { screen: 'routes/tags.tsx' },
  'GET /api/tag/popular': { screen: 'routes/tags.tsx' },
  'GET /api/tag/users-liked': {
    reason:
      'the tags of the posts a member liked (for visitors: the most liked tags), for other clients; the tags page shows the same lists to everyone, so it stays in the public cache',
  },
  'GET /api/tag/translate': { screen: 'routes/tag.tsx' },
  'GET /translations/tag/:file': { reason: otherClients },
  'GET /translations/tag/:file/': { reason: otherClients },
  'GET /translations/playlist/:file': { reason: otherClients },
  'GET /translations/playlist/:file/': { reason: otherClients },
  'GET /translations/client/:file': { reason: otherClients },

  'GET /api/playlist/': { screen: 'routes/playlist.tsx' },
  'GET /api/playlist': slashless('GET /api/playlist/'),
  'GET /api/playlist/popular': { screen: 'routes/playlists.tsx' },
  'GET /api/sound/': {
    reason: 'the same list as GET /api/sound (spec §7 writes both forms); the sounds page calls the form without the slash',
  },
  'GET /api/sound': { screen: 'routes/sounds.tsx' },
  'GET /api/sound/:id': { screen: 'routes/sound.tsx' },
  'GET /api/prbn/': { screen: 'root.tsx', source: 'components/discovery/BannerSlot.tsx' },
  'GET /api/prbn': slashless('GET /api/prbn/'),

  'GET /api/contact/challenge': { screen: 'routes/contact-us.tsx', source: 'components/discovery/altcha.ts' },
  'POST /api/contact': { screen: 'routes/contact-us.tsx', source: 'components/discovery/ContactForm.tsx' },
  'POST /api/abuse': { screen: 'routes/profile.tsx', source: 'components/discovery/ReportDialog.tsx' },
  'POST /api/complaint': { screen: 'routes/report-content.tsx', source: 'components/moderation/ComplaintForm.tsx' },
  'GET /api/complaint/follow-up': {
    screen: 'routes/complaint-follow-up.tsx',
    source: 'components/moderation/follow-up-loader.server.ts',
  },
  'POST /api/complaint/follow-up': {
    screen: 'routes/complaint-follow-up.tsx',
    source: 'components/moderation/FollowUpReply.tsx',
  },
  'GET /api/identity': { screen: 'routes/creators.tsx', source: 'components/identity/IdentityVerification.tsx' },
  'POST /api/identity/start': { screen: 'routes/creators.tsx', source: 'components/identity/IdentityVerification.tsx' },
  'POST /api/identity/submission': { screen: 'routes/creators.tsx', source: 'components/identity/IdentityForm.tsx' },
  'POST /api/identity/callback/:provider': {
    reason: "an identity vendor's server calls it with the result of a check (compliance/verification/README.md)",
  },
  'GET /api/admin/identity': { screen: 'routes/admin/identity.tsx' },
  'GET /api/admin/identity/:id': { screen: 'routes/admin/identity-review.tsx' },
  'GET /api/admin/identity/:id/document/:document': {
    screen: 'routes/admin/identity-review.tsx',
    source: 'components/identity/IdentityDocuments.tsx',
    reference: identityDocumentCall,
  },
  'POST /api/admin/identity/:id/approve': { ...identityDecision, reference: identityDecisionCall },
  'POST /api/admin/identity/:id/reject': { ...identityDecision, reference: identityDecisionCall },
  'GET /api/post/:id/performers': { screen: 'routes/studio/post-performers.tsx' },
  'PUT /api/post/:id/performers': { ...performersOfPost },
  'POST /api/performer/:performerId/resend': { ...performersOfPost },
  'GET /api/performer/:performerId': { ...performerRequest },
  'POST /api/performer/:performerId/consent': { ...performerRequest },
  'POST /api/performer/:performerId/decline': { ...performerRequest },
  'POST /api/performer/:performerId/withdraw': { screen: 'routes/studio/appearances.tsx', source: performersApi },
  'GET /api/me/appearances': { screen: 'routes/studio/appearances.tsx', source: performersApi },
  'GET /api/release/:token': { screen: 'routes/release.tsx' },
  'POST /api/release/:token': { screen: 'routes/release.tsx', source: performersApi },
  'POST /api/release/:token/withdraw': { screen: 'routes/release.tsx', source: performersApi },

  'GET /api/studio/posts': { screen: 'routes/studio/index.tsx', source: 'components/studio/studio-api.ts' },
  'GET /api/studio/posts/:id': { screen: 'routes/studio/post-layout.tsx' },
  'PUT /api/studio/posts/:id/schedule': studioPost,
  'DELETE /api/studio/posts/:id/schedule': studioPost,
  'POST /api/studio/posts/:id/publish': studioPost,
  'PUT /api/studio/posts/:id/settings': studioPost,
  'GET /api/admin/me': { screen: 'routes/admin/layout.tsx' },
  'GET /api/admin/cases': { screen: 'routes/admin/queues.tsx' },
  'POST /api/admin/cases/bulk': { screen: 'routes/admin/queues.tsx', source: 'components/moderation/QueueView.tsx' },
  'GET /api/admin/cases/:id': { screen: 'routes/admin/case.tsx' },
  'POST /api/admin/cases/:id/assign': caseActions,
  'POST /api/admin/cases/:id/escalate': { ...caseActions, reference: caseStepCall },
  'POST /api/admin/cases/:id/dismiss': { ...caseActions, reference: caseStepCall },
  'POST /api/admin/cases/:id/message': { screen: 'routes/admin/case.tsx', source: 'components/moderation/CaseMessages.tsx' },
  'POST /api/admin/cases/:id/note': { screen: 'routes/admin/case.tsx', source: 'components/moderation/CaseNote.tsx' },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of CaseActions.tsx
  'POST /api/admin/enforcement/posts/:id/actions': { ...caseActions, reference: 'posts/${item.subject.post?.id}' },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of CaseActions.tsx
  'POST /api/admin/enforcement/users/:id/actions': { ...caseActions, reference: 'users/${item.subject.user?.id}' },
  'GET /api/admin/enforcement/appeals': { screen: 'routes/admin/case.tsx' },
  'POST /api/admin/enforcement/appeals/:id/decide': {
    screen: 'routes/admin/case.tsx',
    source: 'components/moderation/AppealDecision.tsx',
  },
  'GET /api/admin/enforcement/history': { screen: 'routes/admin/case.tsx' },
  'POST /api/admin/enforcement/counter-notices/:id/lawsuit': {
    screen: 'routes/admin/case.tsx',
    source: 'components/moderation/CounterNoticeLawsuit.tsx',
  },
  'GET /api/admin/enforcement/review-queue': { screen: 'routes/admin/review.tsx' },
  'GET /api/admin/hash-banks': { screen: 'routes/admin/hash-banks.tsx' },
  'GET /api/age-assurance': {
    reason:
      'every page reads the same answer without the call (ServerContext.ageAssurance in lib/root-loader.server.ts); the route serves other clients',
  },
  'POST /api/age-assurance/start': { screen: 'root.tsx', source: 'components/age-assurance/age-check-api.ts' },
  'POST /api/age-assurance/complete': {
    screen: 'routes/age-check-test-provider.tsx',
    source: 'components/age-assurance/age-check-api.ts',
  },
  'GET /api/admin/age-assurance': { screen: 'routes/admin/age-assurance.tsx' },
  'PUT /api/admin/age-assurance/rules': {
    screen: 'routes/admin/age-assurance.tsx',
    source: 'components/age-assurance/age-rules-api.ts',
  },
  'DELETE /api/admin/age-assurance/rules/:jurisdiction': {
    screen: 'routes/admin/age-assurance.tsx',
    source: 'components/age-assurance/age-rules-api.ts',
    reference: '/api/admin/age-assurance/rules/',
  },
  'GET /api/admin/records': { screen: 'routes/admin/records.tsx' },
  'GET /api/admin/records/post/:id': { screen: 'routes/admin/records-depiction.tsx' },
  'GET /api/admin/records/exports': { screen: 'routes/admin/records.tsx' },
  'POST /api/admin/records/exports': { screen: 'routes/admin/records.tsx', source: 'components/records/RecordsExportPanel.tsx' },
  'GET /api/admin/records/exports/:id/download': {
    screen: 'routes/admin/records.tsx',
    source: 'components/records/RecordsExportPanel.tsx',
    reference: 'downloadUrl',
  },
  'GET /api/admin/csam/queue': { screen: 'routes/admin/restricted.tsx' },
  'POST /api/admin/csam/reports/:id/submitted': {
    screen: 'routes/admin/restricted.tsx',
    source: 'components/csam/CyberTiplineReports.tsx',
  },
  'GET /api/admin/csam/cases/:id': { screen: 'routes/admin/restricted-case.tsx' },
  'GET /api/admin/csam/cases/:id/media/:mediaId': {
    screen: 'routes/admin/restricted-case.tsx',
    source: 'components/csam/RevealableStill.tsx',
  },
  'POST /api/admin/csam/cases/:id/confirm': {
    screen: 'routes/admin/restricted-case.tsx',
    source: 'components/csam/ConfirmCsam.tsx',
  },
  'GET /api/admin/csam/evidence/:id': { screen: 'routes/admin/restricted-case.tsx', source: 'components/csam/EvidencePanel.tsx' },
  'GET /api/admin/csam/evidence/:id/files/:position': {
    screen: 'routes/admin/restricted-case.tsx',
    source: 'components/csam/EvidencePanel.tsx',
  },
  'PUT /api/admin/csam/evidence/:id/legal-hold': {
    screen: 'routes/admin/restricted-case.tsx',
    source: 'components/csam/EvidencePanel.tsx',
  },
  'POST /api/admin/hash-banks/import': {
    screen: 'routes/admin/hash-banks.tsx',
    source: 'components/hash-banks/HashListImport.tsx',
  },
  'POST /api/admin/enforcement/review-queue/:id/approve': {
    screen: 'routes/admin/review.tsx',
    source: 'components/moderation/ReviewQueueItem.tsx',
  },
  'GET /api/admin/settings': { screen: 'routes/admin/settings.tsx' },
  'PUT /api/admin/settings': { screen: 'routes/admin/settings.tsx' },
  'GET /api/admin/roles': { screen: 'routes/admin/roles.tsx' },
  'POST /api/admin/roles': { screen: 'routes/admin/roles.tsx' },
  'DELETE /api/admin/roles': { screen: 'routes/admin/roles.tsx' },
  'GET /api/admin/audit': { screen: 'routes/admin/audit.tsx' },
  'GET /api/admin/audit/export': { screen: 'routes/admin/audit.tsx' },
  'GET /api/admin/operations': { screen: 'routes/admin/operations.tsx' },
  'POST /api/admin/operations/jobs/:id/retry': { screen: 'routes/admin/operations.tsx' },
  'GET /api/admin/reports/monthly': { screen: 'routes/admin/operations.tsx', source: 'components/moderation/MonthlyReport.tsx' },
  'GET /api/admin/reports/monthly.csv': {
    screen: 'routes/admin/operations.tsx',
    source: 'components/moderation/MonthlyReport.tsx',
  },
  'GET /api/admin/watched-words': { screen: 'routes/admin/watched-words.tsx' },
  'POST /api/admin/watched-words': { screen: 'routes/admin/watched-words.tsx' },
  'PUT /api/admin/watched-words/:id': { screen: 'routes/admin/watched-words.tsx' },
  'DELETE /api/admin/watched-words/:id': { screen: 'routes/admin/watched-words.tsx' },

  'GET /api/enforcement/statements': {
    screen: 'routes/statements.tsx',
    source: 'components/statements/statements-loader.server.ts',
  },
  'GET /api/enforcement/statements/:id': { ...statement, reference: statementCall },
  'GET /api/enforcement/statements/:id/by-token': { ...statement, reference: statementByTokenCall },
  'POST /api/enforcement/statements/:id/appeal': {
    screen: 'routes/statement.tsx',
    source: 'components/moderation/AppealForm.tsx',
  },
  'POST /api/enforcement/statements/:id/appeal-by-token': {
    screen: 'routes/statement.tsx',
    source: 'components/moderation/AppealForm.tsx',
  },
  'POST /api/enforcement/statements/:id/counter-notice': {
    screen: 'routes/counter-notice.tsx',
    source: 'components/moderation/CounterNoticeForm.tsx',
  },
  'GET /api/studio/analytics': { screen: 'routes/studio/analytics.tsx' },
  'GET /api/studio/analytics/post/:id': { screen: 'routes/studio/post-analytics.tsx' },
};

/** The websocket messages a browser sends (spec §7), each with where it is sent. */
export const socketScreens: Record<ClientEventName, ScreenUse> = {
  viewingPost: { screen: 'routes/home.tsx', source: 'components/notifications/usePostCounters.ts' },
  viewedPost: { screen: 'routes/home.tsx', source: 'components/feed/useLiveViewing.ts' },
  watchProgress: { screen: 'routes/home.tsx', source: 'components/player/useWatchProgress.ts' },
  readNotif: { screen: 'routes/notifications.tsx', source: 'components/notifications/NotificationsPage.tsx' },
  hitPlaylist: { screen: 'routes/playlist.tsx' },
  hitTag: { screen: 'routes/tag.tsx' },
  hitUser: { screen: 'routes/profile.tsx' },
  reconnect: { screen: 'root.tsx', source: 'lib/session.ts' },
  emailAction: { screen: 'root.tsx', source: 'components/account/useEmailLink.ts' },
  visChange: { screen: 'root.tsx', source: 'components/notifications/LiveLayer.tsx' },
  shareProfile: { screen: 'routes/profile.tsx', source: 'components/profile/ProfileHeader.tsx' },
  shareTag: { screen: 'routes/tag.tsx', source: 'components/discovery/TagHeader.tsx' },
  sharePlaylist: { screen: 'routes/playlist.tsx' },
  sharePost: { screen: 'routes/home.tsx', source: 'components/feed/social-actions.ts' },
};

/** The registered routes the map must cover: the spec's calls (§7) live under these prefixes. */
export const API_PREFIXES = ['/api/', '/media-api/', '/simicheck/', '/translations/'] as const;
