import { index, layout, type RouteConfig, type RouteConfigEntry, route } from '@react-router/dev/routes';
import { legalDocuments } from './lib/legal-documents';
import { orientationVariants, type SuffixedSection } from './lib/orientation';

/**
 * Registers a section at /name and at its orientation variants /name-gay and /name-trans (spec §2).
 * React Router has no optional suffix syntax; ids stay unique by carrying the suffix.
 */
function withVariants(name: SuffixedSection, entries: (base: string, idSuffix: string) => RouteConfigEntry[]) {
  return ['', ...orientationVariants.map((variant) => variant.suffix)].flatMap((suffix) => entries(`${name}${suffix}`, suffix));
}

/** /legal/<document> inside the legal layout, plus /<document> as an alias wrapped in the same layout. */
const legal = [
  route('legal', 'routes/legal/layout.tsx', { id: 'legal' }, [
    index('routes/legal/index.tsx', { id: 'legal-index' }),
    ...legalDocuments.map((document) => route(document, `routes/legal/${document}.tsx`, { id: `legal-${document}` })),
  ]),
  ...legalDocuments.map((document) =>
    route(document, 'routes/legal/layout.tsx', { id: `${document}-alias` }, [
      index(`routes/legal/${document}.tsx`, { id: `${document}-alias-page` }),
    ]),
  ),
];

export default [
  index('routes/home.tsx', { id: 'home' }),
  ...orientationVariants.map((variant) => route(variant.name, 'routes/home.tsx', { id: `home-${variant.name}` })),

  route('choose-country', 'routes/choose-country.tsx'),
  route('choose-language', 'routes/choose-language.tsx'),
  route('contact-us', 'routes/contact-us.tsx', { id: 'contact-us' }),
  route('contact', 'routes/contact-us.tsx', { id: 'contact' }),
  route('creators', 'routes/creators.tsx'),
  route('following', 'routes/following.tsx', { id: 'following' }),
  route('following/:id', 'routes/following.tsx', { id: 'following-post' }),
  route('login', 'routes/login.tsx'),
  route('new-post', 'routes/new-post.tsx'),
  route('notifications', 'routes/notifications.tsx', { id: 'notifications' }),
  route('notifications/:id', 'routes/notifications.tsx', { id: 'notification' }),
  route('partners', 'routes/partners.tsx'),
  route('rewards-content', 'routes/rewards-content.tsx'),
  route('sounds', 'routes/sounds.tsx'),
  route('sound/:sound', 'routes/sound.tsx'),
  route('settings', 'routes/settings.tsx', { id: 'settings' }),
  route('edit-profile', 'routes/settings.tsx', { id: 'edit-profile' }),
  route('unsupported', 'routes/unsupported.tsx'),
  route('age-check/test-provider', 'routes/age-check-test-provider.tsx'),
  route('robots.txt', 'routes/robots.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  ...legal,
  route('report-content', 'routes/report-content.tsx'),
  route('complaint/follow-up/:token', 'routes/complaint-follow-up.tsx'),
  route('statements', 'routes/statements.tsx'),
  route('statements/:id', 'routes/statement.tsx'),
  route('statements/:id/counter-notice', 'routes/counter-notice.tsx'),
  // A person without an account verifies and signs a release for a post they appear in (compliance/performers/).
  route('release/:token', 'routes/release.tsx'),
  // The creator studio (issue 22): its sections, and the post editor with its tabs, each a page of its own.
  route('studio', 'routes/studio/layout.tsx', { id: 'studio' }, [
    index('routes/studio/index.tsx', { id: 'studio-posts' }),
    route('analytics', 'routes/studio/analytics.tsx', { id: 'studio-analytics' }),
    route('post/:postId', 'routes/studio/post-layout.tsx', { id: 'studio-post' }, [
      index('routes/studio/post-details.tsx', { id: 'studio-post-details' }),
      route('cover', 'routes/studio/post-cover.tsx', { id: 'studio-post-cover' }),
      route('captions', 'routes/studio/post-captions.tsx', { id: 'studio-post-captions' }),
      route('analytics', 'routes/studio/post-analytics.tsx', { id: 'studio-post-analytics' }),
      route('performers', 'routes/studio/post-performers.tsx', { id: 'studio-post-performers' }),
    ]),
    route('appearances', 'routes/studio/appearances.tsx', { id: 'studio-appearances' }),
    route('export', 'routes/studio/export.tsx', { id: 'studio-export' }),
  ]),
  route('admin', 'routes/admin/layout.tsx', { id: 'admin' }, [
    index('routes/admin/queues.tsx', { id: 'admin-queues' }),
    route('case/:id', 'routes/admin/case.tsx', { id: 'admin-case' }),
    route('review', 'routes/admin/review.tsx', { id: 'admin-review' }),
    route('audit', 'routes/admin/audit.tsx', { id: 'admin-audit' }),
    route('operations', 'routes/admin/operations.tsx', { id: 'admin-operations' }),
    route('roles', 'routes/admin/roles.tsx', { id: 'admin-roles' }),
    route('watched-words', 'routes/admin/watched-words.tsx', { id: 'admin-watched-words' }),
    route('hash-banks', 'routes/admin/hash-banks.tsx', { id: 'admin-hash-banks' }),
    route('age-assurance', 'routes/admin/age-assurance.tsx', { id: 'admin-age-assurance' }),
    route('restricted', 'routes/admin/restricted.tsx', { id: 'admin-restricted' }),
    route('restricted/:id', 'routes/admin/restricted-case.tsx', { id: 'admin-restricted-case' }),
    route('identity', 'routes/admin/identity.tsx', { id: 'admin-identity' }),
    route('identity/:id', 'routes/admin/identity-review.tsx', { id: 'admin-identity-review' }),
    route('records', 'routes/admin/records.tsx', { id: 'admin-records' }),
    route('records/:id', 'routes/admin/records-depiction.tsx', { id: 'admin-records-depiction' }),
    route('settings', 'routes/admin/settings.tsx', { id: 'admin-settings' }),
  ]),

  ...withVariants('playlist', (base, suffix) => [
    route(base, 'routes/playlists.tsx', { id: `playlists${suffix}` }),
    route(`${base}/:playlist`, 'routes/playlist.tsx', { id: `playlist${suffix}` }),
  ]),
  ...withVariants('popular', (base, suffix) => [
    route(base, 'routes/popular.tsx', { id: `popular${suffix}` }),
    route(`${base}/:username/:id?`, 'routes/popular.tsx', { id: `popular${suffix}-post` }),
  ]),
  ...withVariants('search', (base, suffix) => [route(base, 'routes/search.tsx', { id: `search${suffix}` })]),
  ...withVariants('search-trends', (base, suffix) => [route(base, 'routes/search-trends.tsx', { id: `search-trends${suffix}` })]),
  ...withVariants('tag', (base, suffix) => [
    route(base, 'routes/tags.tsx', { id: `tags${suffix}` }),
    // One route with or without the post: opening a post over the tag page keeps the page (tag.tsx).
    route(`${base}/:tag/:id?`, 'routes/tag.tsx', { id: `tag${suffix}` }),
  ]),
  ...withVariants('video', (base, suffix) => [route(base, 'routes/video.tsx', { id: `video${suffix}` })]),
  ...withVariants('video2', (base, suffix) => [route(base, 'routes/video.tsx', { id: `video2${suffix}` })]),
  ...withVariants('play', (base, suffix) => [route(`${base}/:playlist/:id?`, 'routes/play.tsx', { id: `play${suffix}` })]),

  route('my-like/:username/:id', 'routes/my-like.tsx'),
  route('action/:hash?', 'routes/action.tsx'),
  route('embed/:post?', 'routes/embed.tsx'),
  route('reset-password/:token?', 'routes/reset-password.tsx'),

  // Dynamic first segments rank below every static path above, so a username never shadows a page.
  // The profile page is the layout of both of its addresses: a post opened over its grid
  // (/user/{username}/{id}) and closed again keeps the page mounted (profile.tsx).
  layout('routes/profile.tsx', { id: 'profile-page' }, [
    route(':profile', 'routes/profile-address.tsx', { id: 'profile' }),
    route('user/:username/:id?', 'routes/profile-address.tsx', { id: 'user' }),
  ]),
  route(':profile/followers', 'routes/profile-followers.tsx'),
  route(':profile/following', 'routes/profile-following.tsx'),
  route(':profile/post/:id?', 'routes/profile-post.tsx'),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
