import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import accountRoutes from './accounts/accounts.routes.ts';
import auth from './accounts/auth.plugin.ts';
import avatarRoutes from './accounts/avatar.routes.ts';
import pageSession from './accounts/page-session.plugin.ts';
import profileRoutes from './accounts/profile.routes.ts';
import { loginProviderOrigins } from './accounts/provider-origins.ts';
import socialRoutes from './accounts/social.routes.ts';
import { AnalyticsReadRepository } from './analytics/analytics-read.repository.ts';
import analyticsReadRoutes from './analytics/analytics-read.routes.ts';
import { AnalyticsReadService } from './analytics/analytics-read.service.ts';
import watchProgressRoutes from './analytics/watch-progress.routes.ts';
import bannerRoutes from './banners/banners.routes.ts';
import captionRoutes from './captions/captions.routes.ts';
import ageAssurance from './compliance/age-assurance/age-assurance.plugin.ts';
import ageAssuranceRoutes from './compliance/age-assurance/age-assurance.routes.ts';
import csamRoutes from './compliance/csam/csam.routes.ts';
import hashBankRoutes from './compliance/hash-banks/hash-banks.routes.ts';
import performerRoutes from './compliance/performers/performers.routes.ts';
import recordsRoutes from './compliance/records/records.routes.ts';
import verificationRoutes from './compliance/verification/verification.routes.ts';
import verificationAdminRoutes from './compliance/verification/verification-admin.routes.ts';
import contactRoutes from './contact/contact.routes.ts';
import type { Container } from './container.ts';
import enforcementRoutes from './enforcement/enforcement.routes.ts';
import exportRoutes from './exports/exports.routes.ts';
import { AddressLimit } from './http/address-limit.ts';
import clientContext from './http/client-context.ts';
import { httpServerOptions, limitConnectionsPerAddress } from './http/connection-limits.ts';
import { installErrorHandling } from './http/error-handler.ts';
import healthRoutes from './http/health.routes.ts';
import inputGuards from './http/input-guards.ts';
import responseCache from './http/response-cache.ts';
import { trackRoutes } from './http/route-list.ts';
import security from './http/security.ts';
import outboxRoutes from './mail/outbox.routes.ts';
import coverRoutes from './media/cover/cover.routes.ts';
import mediaRoutes from './media/media.routes.ts';
import { MediaAccessRepository } from './media/media-access.ts';
import retryRoutes from './media/processing/retry.routes.ts';
import simicheckRoutes from './media/simicheck/simicheck.routes.ts';
import uploadRoutes from './media/upload/upload.routes.ts';
import metricsRoutes, { countRequests } from './metrics/metrics.routes.ts';
import { registerModeration } from './moderation/moderation.plugin.ts';
import notificationRoutes from './notifications/notifications.routes.ts';
import playlistRoutes from './playlists/playlists.routes.ts';
import engagementRoutes from './posts/engagement.routes.ts';
import oembedRoutes from './posts/oembed.ts';
import pinRoutes from './posts/pins.routes.ts';
import postRoutes from './posts/posts.routes.ts';
import preferencesRoutes from './preferences/preferences.routes.ts';
import socketRoutes from './realtime/socket.routes.ts';
import scraperRoutes from './scraper/scraper.routes.ts';
import searchRoutes from './search/search.routes.ts';
import clientTranslationRoutes from './settings/client-translations.routes.ts';
import settingsRoutes from './settings/settings.routes.ts';
import followRoutes from './social/follows.routes.ts';
import likeRoutes from './social/likes.routes.ts';
import soundRoutes from './sounds/sounds.routes.ts';
import studioRoutes from './studio/studio.routes.ts';
import tagRoutes from './tags/tags.routes.ts';
import webApp from './web/web.plugin.ts';

export interface AppOptions {
  /** Serve the React app: `built` from web/build, `dev` through Vite, `none` for API-only tests. */
  readonly web: 'built' | 'dev' | 'none';
}

/** Trusts the X-Forwarded-For entries that the nearest `hops` proxies appended, and nothing a client wrote. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(container: Container, options: AppOptions): Promise<FastifyInstance> {
  const { config, services } = container;
  const app: FastifyInstance = Fastify({
    loggerInstance: container.log as FastifyBaseLogger,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // A count of hops as a function: Fastify reads a bare number as trusting no one.
    trustProxy: config.http.trustProxy === false ? false : trustHops(config.http.trustProxy),
    bodyLimit: config.http.bodyLimit,
    return503OnClosing: true,
    ...httpServerOptions(config.http),
    forceCloseConnections: 'idle',
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  });
  limitConnectionsPerAddress(app.server, config.http.connectionsPerAddress);
  trackRoutes(app);
  countRequests(app, container.metrics);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandling(app);

  await app.register(security, {
    rateLimitPerMinute: config.http.rateLimitPerMinute,
    development: options.web === 'dev',
    siteOrigin: config.http.baseUrl,
    thirdParty: loginProviderOrigins(config.auth),
  });
  await app.register(clientContext, { defaultLocale: config.locale.default });
  await app.register(inputGuards);
  await app.register(auth, { sessions: services.accounts.sessions, baseUrl: config.http.baseUrl });
  // Before the response cache: a request age assurance refuses is never answered from it.
  await app.register(ageAssurance, {
    ageAssurance: services.ageAssurance.service,
    rules: services.ageAssurance.rules,
    events: container.events,
  });
  await app.register(responseCache, { maxBytes: config.http.responseCacheBytes, events: container.events });
  // Page loads and POST /api/anonymous-login mint visitor tokens from one allowance per address and 10 minutes.
  const visitorTokens = new AddressLimit(config.http.visitorTokensPerAddress, 10 * 60_000);
  await app.register(pageSession, { sessions: services.accounts.sessions, baseUrl: config.http.baseUrl, visitorTokens });

  await registerModeration(app, services.moderation);
  await app.register(healthRoutes, { db: container.database.db });
  await app.register(metricsRoutes, { metrics: container.metrics, token: config.http.metricsToken });
  await app.register(settingsRoutes, { settings: services.settings });
  await app.register(clientTranslationRoutes);
  await app.register(accountRoutes, {
    ...services.accounts,
    baseUrl: config.http.baseUrl,
    loginRateLimit: config.auth.loginRateLimit,
    signupRateLimit: config.auth.signupRateLimit,
    visitorTokens,
  });
  await app.register(profileRoutes, { profiles: services.accounts.profiles });
  await app.register(avatarRoutes, { avatars: services.accounts.avatars });
  if (config.env === 'development' && config.mail.transport === 'outbox') {
    await app.register(outboxRoutes, { dir: config.mail.outboxDir });
  }
  await app.register(socialRoutes, { social: services.accounts.social, auth: config.auth, baseUrl: config.http.baseUrl });
  await app.register(mediaRoutes, { storage: container.storage, access: new MediaAccessRepository(container.database.db) });
  await app.register(postRoutes, { posts: services.posts.posts });
  await app.register(pinRoutes, { pins: services.posts.pins });
  await app.register(retryRoutes, { processing: services.processing, posts: services.posts.posts });
  await app.register(coverRoutes, { covers: services.cover.covers });
  await app.register(likeRoutes, { likes: services.posts.likes });
  await app.register(followRoutes, { follows: services.posts.follows });
  await app.register(preferencesRoutes, { preferences: services.preferences });
  await app.register(engagementRoutes, {
    engagement: services.posts.engagement,
    viewSources: services.analyticsIngestion.viewSources,
  });
  await app.register(watchProgressRoutes, { progress: services.analyticsIngestion.progress, baseUrl: config.http.baseUrl });
  await app.register(oembedRoutes, { posts: services.posts.posts, baseUrl: config.http.baseUrl });
  await app.register(simicheckRoutes, { simicheck: services.media.simicheck });
  await app.register(uploadRoutes, { ...services.upload, limits: config.limits });
  await app.register(scraperRoutes, { scraper: services.scraper });
  await app.register(tagRoutes, { tags: services.discovery.tags });
  await app.register(playlistRoutes, { playlists: services.discovery.playlists });
  await app.register(soundRoutes, { sounds: services.discovery.sounds });
  await app.register(searchRoutes, { search: services.discovery.search, defaultCountry: config.locale.defaultCountry });
  await app.register(bannerRoutes, { banners: services.discovery.banners });
  await app.register(contactRoutes, { contact: services.discovery.contact });
  await app.register(verificationRoutes, { verification: services.verification.verification });
  await app.register(verificationAdminRoutes, { review: services.verification.review });
  await app.register(performerRoutes, { performers: services.performers });
  await app.register(captionRoutes, { captions: services.captions });
  await app.register(notificationRoutes, { notifications: services.notifications });
  await app.register(enforcementRoutes, { enforcement: services.enforcement });
  await app.register(exportRoutes, { exports: services.exports, storage: container.storage });
  await app.register(studioRoutes, { studio: services.studio });
  await app.register(hashBankRoutes, { hashBanks: services.hashBanks });
  await app.register(ageAssuranceRoutes, {
    ageAssurance: services.ageAssurance.service,
    geolocation: config.ageAssurance.geolocation.source,
    secureCookies: config.http.baseUrl.startsWith('https:'),
  });
  await app.register(csamRoutes, { csam: services.csam });
  await app.register(recordsRoutes, { records: services.records.records, exports: services.records.exports });
  await app.register(analyticsReadRoutes, {
    analytics: new AnalyticsReadService(new AnalyticsReadRepository(container.database.db)),
  });
  await app.register(socketRoutes, {
    events: container.events,
    db: container.database.db,
    accounts: services.accounts,
    notifications: services.notifications,
    engagement: services.posts.engagement,
    viewSources: services.analyticsIngestion.viewSources,
    progress: services.analyticsIngestion.progress,
    tags: services.discovery.tags,
    playlists: services.discovery.playlists,
    baseUrl: config.http.baseUrl,
    heartbeatSeconds: config.realtime.heartbeatSeconds,
    connectsPerMinute: config.http.rateLimitPerMinute,
    socketsPerAddress: config.realtime.socketsPerAddress,
    log: container.log,
  });

  if (options.web !== 'none') await app.register(webApp, { mode: options.web, container });
  return app;
}
