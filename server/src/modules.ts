import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app';
import { authRoutes } from './modules/auth/routes';
import { createAuthRepository } from './modules/auth/repository';
import { createAuthService } from './modules/auth/service';
import { healthRoutes } from './modules/health/routes';
import { backupRoutes } from './modules/ops/backup/routes';
import { defineNightlyBackup } from './modules/ops/nightly-backup';
import { databaseExecutor, JOBS_SCHEMA } from './jobs/executor';
import { chatRoutes } from './modules/chat/routes';
import { chatRuntime } from './realtime/runtime';
import { outboxRoutes } from './modules/outbox/routes';
import { auditRoutes } from './modules/audit/routes';
import { pastorDashboardRoutes } from './modules/pastor-dashboard/routes';
import { settingsRoutes } from './modules/settings/routes';
import { createSettingsRepository } from './modules/settings/repository';
import { createSettingsService } from './modules/settings/service';
import { visitorsRoutes } from './modules/visitors/routes';
import { createVisitorsRepository } from './modules/visitors/repository';
import { createVisitorsService } from './modules/visitors/service';
import { contactRoutes } from './modules/contact/routes';
import { eventsRoutes } from './modules/events/routes';
import { createEventsRepository } from './modules/events/repository';
import { sermonsPublicRoutes } from './modules/sermons/routes';
import { createSermonsRepository } from './modules/sermons/repository';
import { sermonsManageRoutes } from './modules/sermons/manage-routes';
import { createSermonsManageRepository } from './modules/sermons/manage-repository';
import { createSermonsService } from './modules/sermons/service';
import { sermonPreparationRoutes } from './modules/sermon-preparations/routes';
import { announcementsRoutes } from './modules/announcements/routes';
import { createAnnouncementsRepository } from './modules/announcements/repository';
import { settingsLogoRoutes } from './modules/settings/logo';
import { memberRoutes } from './modules/members/routes';
import { prayerRoutes } from './modules/prayers/routes';
import { createPrayersService } from './modules/prayers/service';
import { registerGiving } from './modules/giving/index';
import { notificationRoutes } from './modules/notifications/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { consentRoutes } from './modules/consents/routes';
import { eventRegistrationRoutes } from './modules/events/registrations-routes';
import { bibleRoutes } from './modules/bible/routes';
import { createBibleRepository } from './modules/bible/repository';
import { createBibleService } from './modules/bible/service';
import { createUpstream } from './modules/bible/upstream';
import { registerDeveloperPlatform } from './modules/developers/register';
import { eventsManageRoutes } from './modules/events/manage-routes';
import { createEventsManageService } from './modules/events/manage-service';
import { auditPort } from './modules/care/audit-port';
import { careRoutes } from './modules/care/routes';
import { createLeaderAlerts } from './modules/care/alerts';
import { alertPreferencesRoutes } from './modules/care/alerts-routes';
import { volunteersRoutes } from './modules/volunteers/routes';
import { createCareRepository } from './modules/care/repository';
import { createCareService } from './modules/care/service';

/**
 * Every feature module, registered under /api. Each one is handed exactly
 * what it uses from the context — one line (or a few) per feature.
 */
export async function registerModules(api: FastifyInstance, ctx: AppContext) {
  // Developer platform first: its API-key gate and usage hook must exist before the keyed routes register.
  // Returns { webhooks }: `webhooks.emit(type, entity, previous?)` is what feature modules call when their data changes.
  await registerDeveloperPlatform(api, ctx);
  const jobsSql = databaseExecutor(ctx.database);
  await api.register(healthRoutes, {
    database: ctx.database,
    readinessChecks: { jobs: async () => void (await jobsSql.executeSql(`select 1 from ${JOBS_SCHEMA}.version`, [])) },
  });
  // Operations: whole-church backup through the running server (npm run backup uses it while the server runs).
  await api.register(backupRoutes, { database: ctx.database, uploadDir: ctx.config.uploadDir, dataDir: ctx.config.dataDir });
  if (ctx.config.backupDir) {
    const nightly = defineNightlyBackup({
      ...ctx,
      uploadDir: ctx.config.uploadDir,
      backupDir: ctx.config.backupDir,
      keep: ctx.config.backupKeep,
    });
    // Queued when a real server listens (tests send the job themselves).
    api.addHook('onListen', async () => {
      await nightly.schedule().then(
        (at) => api.log.info({ at }, 'next nightly backup queued'),
        (err) => api.log.error({ err }, 'could not queue the nightly backup'),
      );
    });
  }
  await api.register(outboxRoutes, { db: ctx.db });
  // Audit log of leaders' actions (recordAudit in modules/audit/audit.ts); read by administrators.
  await api.register(auditRoutes, { db: ctx.db });
  // Pastor dashboard: one aggregate call (issue 10).
  await api.register(pastorDashboardRoutes, { db: ctx.db });
  await api.register(authRoutes, {
    service: createAuthService({
      repo: createAuthRepository(ctx.db),
      tokens: ctx.tokens,
      limiter: ctx.limiter,
      mailer: ctx.mailer,
      log: api.log,
      publicUrl: ctx.config.publicUrl,
      login: ctx.config.login,
    }),
  });
  // Public site: settings, visitors, contact messages, public events and sermons.
  const settings = createSettingsService({ repo: createSettingsRepository(ctx.db), mapTileUrl: ctx.config.mapTileUrl });
  await api.register(settingsRoutes, { service: settings });
  // Leaders hear about new visitors, contact messages and prayer requests (church settings + each leader's choice).
  const alerts = createLeaderAlerts({
    db: ctx.db,
    mailer: ctx.mailer,
    switches: async () => (await settings.get()).notifications,
    log: api.log,
  });
  await api.register(visitorsRoutes, {
    service: createVisitorsService({
      repo: createVisitorsRepository(ctx.db),
      limiter: ctx.limiter,
      timeZone: async () => (await settings.get()).timeZone,
      alerts,
    }),
  });
  await api.register(contactRoutes, {
    db: ctx.db,
    alerts,
    limiter: ctx.limiter,
    mailer: ctx.mailer,
    churchEmail: async () => (await settings.get()).email,
  });
  await api.register(eventsRoutes, { repo: createEventsRepository(ctx.db) });
  // Sermons (public library, upload and management, preparation notes), announcements, the church logo.
  const sermonsManageRepo = createSermonsManageRepository(ctx.db);
  const sermonsService = createSermonsService({ repo: sermonsManageRepo, uploadDir: ctx.config.uploadDir, hashKey: ctx.hashKey });
  await api.register(sermonsPublicRoutes, {
    repo: createSermonsRepository(ctx.db),
    service: sermonsService,
    uploadDir: ctx.config.uploadDir,
  });
  await api.register(sermonsManageRoutes, { repo: sermonsManageRepo, service: sermonsService, uploadDir: ctx.config.uploadDir });
  await api.register(sermonPreparationRoutes, { db: ctx.db });
  await api.register(announcementsRoutes, { repo: createAnnouncementsRepository(ctx.db) });
  await api.register(settingsLogoRoutes, { service: settings, uploadDir: ctx.config.uploadDir });
  // Member portal: profile, prayers, giving, notifications (with the event-reminder scheduler), engagement, event registration.
  await api.register(memberRoutes, { db: ctx.db });
  await api.register(prayerRoutes, { service: createPrayersService(ctx.db, { alerts, audit: auditPort }) });
  await registerGiving(api, ctx, async () => (await settings.get()).timeZone);
  await api.register(notificationRoutes, {
    db: ctx.db,
    runScheduler: ctx.config.env !== 'test',
    timeZone: async () => (await settings.get()).timeZone,
  });
  await api.register(analyticsRoutes, { db: ctx.db });
  // Consents: a member's message and privacy preferences (office, issue 13).
  await api.register(consentRoutes, { db: ctx.db, consents: ctx.consents });
  await api.register(eventRegistrationRoutes, { db: ctx.db });
  // Care and events management (pastor/admin): events CRUD and check-in.
  const timeZone = async () => (await settings.get()).timeZone;
  await api.register(eventsManageRoutes, {
    service: createEventsManageService({ db: ctx.db, repo: createEventsRepository(ctx.db), timeZone, audit: auditPort }),
  });
  await api.register(volunteersRoutes, { db: ctx.db, timeZone });
  await api.register(alertPreferencesRoutes, { db: ctx.db });
  await api.register(careRoutes, {
    service: createCareService({ db: ctx.db, repo: createCareRepository(ctx.db), timeZone, audit: auditPort }),
  });
  // Bible: imported translations first, otherwise the Free Use Bible API behind a server-side cache.
  await api.register(bibleRoutes, {
    service: createBibleService({
      db: ctx.db,
      repo: createBibleRepository(ctx.db),
      upstream: createUpstream({
        base: ctx.config.bibleApiBase,
        timeoutMs: ctx.config.bibleApiTimeoutMs,
        cacheMs: ctx.config.bibleCacheMs,
      }),
      timeZone: async () => (await settings.get()).timeZone,
    }),
  });
  await api.register(chatRoutes, { service: chatRuntime(ctx).service, uploadDir: ctx.config.uploadDir });
}
