import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import crypto from 'node:crypto';
import { authRoutes } from './modules/auth/routes';
import { twoFactorRoutes } from './modules/two-factor/routes';
import { createTwoFactorService } from './modules/two-factor/service';
import { useTwoFactorRoles } from './plugins/auth';
import { languageRoutes } from './modules/languages/routes';
import { recipientLocale } from './lib/i18n';
import { subscribeGiftReceipts } from './modules/giving/receipts';
import { createAuthRepository } from './modules/auth/repository';
import { createAuthService } from './modules/auth/service';
import { createSessionService } from './modules/auth/sessions';
import { healthRoutes } from './modules/health/routes';
import { backupRoutes } from './modules/ops/backup/routes';
import { defineNightlyBackup } from './modules/ops/nightly-backup';
import { databaseExecutor, JOBS_SCHEMA } from './jobs/executor';
import { defineRateLimitCleanup } from './lib/rate-limiter';
import { chatRoutes } from './modules/chat/routes';
import { chatRuntime } from './realtime/runtime';
import { outboxRoutes } from './modules/outbox/routes';
import { auditRoutes } from './modules/audit/routes';
import { adminRoutes } from './modules/admin/routes';
import { pastorDashboardRoutes } from './modules/pastor-dashboard/routes';
import { settingsRoutes } from './modules/settings/routes';
import { createSettingsRepository } from './modules/settings/repository';
import { createSettingsService } from './modules/settings/service';
import { visitorsRoutes } from './modules/visitors/routes';
import { visitorsManageRoutes } from './modules/visitors/manage-routes';
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
import { setupRoutes } from './modules/setup/setup';
import { removeUnusedImages, siteImageDir, siteImageRoutes } from './modules/settings/site-images';
import { daysFromServices } from '@church/contract/site-content';
import { memberRoutes } from './modules/members/routes';
import { memberMergeRoutes } from './modules/members/merge/routes';
import { invitationRoutes } from './modules/members/invitations/routes';
import { directoryRoutes } from './modules/members/directory/routes';
import { createInvitations } from './modules/members/invitations/service';
import { prayerRoutes } from './modules/prayers/routes';
import { createPrayersService } from './modules/prayers/service';
import { registerGiving } from './modules/giving/index';
import { notificationRoutes } from './modules/notifications/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { consentRoutes } from './modules/consents/routes';
import { privacyRoutes } from './modules/privacy/routes';
import { createPrivacyService } from './modules/privacy/service';
import { defineRetentionJob } from './modules/privacy/retention';
import { eventRegistrationRoutes } from './modules/events/registrations-routes';
import { createRegistrationsService } from './modules/events/registrations-service';
import { subscribeEventNotices } from './modules/events/notices';
import { bibleRoutes } from './modules/bible/routes';
import { createBibleRepository } from './modules/bible/repository';
import { createBibleService } from './modules/bible/service';
import { createUpstream } from './modules/bible/upstream';
import { registerDeveloperPlatform } from './modules/developers/register';
import { defineEventRetention } from './events/retention';
import { eventsManageRoutes } from './modules/events/manage-routes';
import { createEventsManageService } from './modules/events/manage-service';
import { auditPort } from './modules/care/audit-port';
import { careRoutes } from './modules/care/routes';
import { createLeaderAlerts } from './modules/care/alerts';
import { alertPreferencesRoutes } from './modules/care/alerts-routes';
import { volunteersRoutes } from './modules/volunteers/routes';
import { createCareRepository } from './modules/care/repository';
import { createCareService } from './modules/care/service';
import { messagingRoutes } from './modules/messaging/routes';
import { createMessagingService } from './modules/messaging/service';
import { createMessagingRepository } from './modules/messaging/repository';
import { exportsRoutes } from './modules/exports/routes';
import { registerChannels } from './modules/channels/index';
import { createExportsService } from './modules/exports/service';
import { createSecuritySettings } from './modules/security/settings';
import { securitySettingsRoutes } from './modules/security/settings-routes';
import { registerGroups } from './modules/groups/register';
import { registerServices } from './modules/services/register';
import { registerCheckin } from './modules/checkin/register';
import { createTcpPrinter } from './modules/checkin/printing/tcp-printer';
import { startPrinterStandin } from './modules/checkin/printing/standin';

/**
 * Every feature module, registered under /api. Each one is handed exactly
 * what it uses from the context — one line (or a few) per feature.
 */
export async function registerModules(api: FastifyInstance, ctx: AppContext) {
  // The church's security settings first: guards of withholdable permissions (plugins/auth.ts) ask them.
  const security = createSecuritySettings(ctx.db);
  api.decorate('withheldPermissions', security.withheld);
  useTwoFactorRoles(ctx.db, () => security.twoFactorRoles());
  await api.register(securitySettingsRoutes, { settings: security });
  // Developer platform first: its API-key gate and usage hook must exist before the keyed routes register.
  // Webhooks subscribe to the domain events there; feature modules record events with `emit(tx, type, data)`
  // in the transaction that makes the change (events/domain-events.ts) and know nothing of who listens.
  await registerDeveloperPlatform(api, ctx);
  const { emit, emitMany } = ctx.events;
  // A receipt per completed gift answers donation.received, whichever path completed it (modules/giving/receipts.ts).
  subscribeGiftReceipts(ctx.events, {
    db: ctx.db,
    mailer: ctx.mailer,
    publicUrl: ctx.config.publicUrl,
    language: (tx, user) => recipientLocale(tx, user),
  });
  // Events past their retention are deleted hourly (queued when a real server listens; tests run it themselves).
  const eventRetention = defineEventRetention({ jobs: ctx.jobs, db: ctx.db });
  if (ctx.config.env !== 'test')
    api.afterStart(async () => {
      await eventRetention.schedule().catch((err) => api.log.error({ err }, 'could not queue the domain events clean-up'));
    });
  const jobsSql = databaseExecutor(ctx.database);
  await api.register(healthRoutes, {
    database: ctx.database,
    startup: ctx.startup,
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
    api.afterStart(async () => {
      await nightly.schedule().then(
        (at) => api.log.info({ at }, 'next nightly backup queued'),
        (err) => api.log.error({ err }, 'could not queue the nightly backup'),
      );
    });
  }
  // Rate-limit counters whose window is over are deleted hourly (they hold keyed hashes of addresses; see lib/rate-limiter.ts).
  const rateLimitCleanup = defineRateLimitCleanup({ jobs: ctx.jobs, db: ctx.db });
  if (ctx.config.env !== 'test') {
    api.afterStart(async () => {
      await rateLimitCleanup.schedule().catch((err) => api.log.error({ err }, 'could not queue the rate-limit clean-up'));
    });
  }
  await api.register(outboxRoutes, { db: ctx.db });
  // Audit log of leaders' actions (recordAudit in modules/audit/audit.ts); read by administrators.
  await api.register(auditRoutes, { db: ctx.db });
  await api.register(adminRoutes, { database: ctx.database, smtpConfigured: !!ctx.config.smtpUrl });
  // Pastor dashboard: one aggregate call (issue 10).
  await api.register(pastorDashboardRoutes, { db: ctx.db });
  // Sessions end (new password or e-mail, role change, account disabled or deleted) in the database: its triggers
  // move the token version on and announce it on the bus (migration 0029), so every instance closes the sockets.
  const authService = createAuthService({
    db: ctx.db,
    repo: createAuthRepository(ctx.db),
    tokens: ctx.tokens,
    limiter: ctx.limiter,
    mailer: ctx.mailer,
    log: api.log,
    publicUrl: ctx.config.publicUrl,
    login: ctx.config.login,
    emit,
    developerRegistrationOpen: async () => (await security.get()).developerSelfRegistration,
    language: (user) => recipientLocale(ctx.db, user),
  });
  const sessionService = createSessionService(ctx.db);
  const twoFactor = createTwoFactorService({
    db: ctx.db,
    auth: authService,
    sessions: sessionService,
    sealer: ctx.sealer('two-factor'),
    mailer: ctx.mailer,
    challengeKey: crypto.createHmac('sha256', ctx.hashKey).update('two-factor-challenge').digest(),
    issuer: async () => (await settings.get()).churchName || 'Church',
  });
  await api.register(authRoutes, { service: authService, sessions: sessionService, twoFactor });
  await api.register(twoFactorRoutes, { service: twoFactor });
  await api.register(languageRoutes, { db: ctx.db });
  // Public site: settings, visitors, contact messages, public events and sermons.
  const settings = createSettingsService({
    repo: createSettingsRepository(ctx.db),
    mapTileUrl: ctx.config.mapTileUrl,
    onSaved: (s) => {
      try {
        removeUnusedImages(siteImageDir(ctx.config.uploadDir), s);
      } catch (err) {
        api.log.warn({ err }, 'could not remove unused site pictures');
      }
    },
  });
  await api.register(settingsRoutes, { service: settings });
  // First run (issue 30): an install without an administrator is set up from the browser at /setup.
  await api.register(setupRoutes, {
    db: ctx.db,
    hashKey: ctx.hashKey,
    tokens: ctx.tokens,
    settings,
    publicUrl: ctx.config.publicUrl,
  });
  // Leaders hear about new visitors, contact messages and prayer requests (church settings + each leader's choice).
  const alerts = createLeaderAlerts({
    db: ctx.db,
    mailer: ctx.mailer,
    switches: async () => (await settings.get()).notifications,
    log: api.log,
    publicUrl: ctx.config.publicUrl,
  });
  await api.register(visitorsRoutes, {
    service: createVisitorsService({
      repo: createVisitorsRepository(ctx.db),
      limiter: ctx.limiter,
      timeZone: async () => (await settings.get()).timeZone,
      alerts,
    }),
  });
  await api.register(visitorsManageRoutes, { db: ctx.db });
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
  await api.register(siteImageRoutes, { uploadDir: ctx.config.uploadDir });
  // Member portal: profile, prayers, giving, notifications (with the event-reminder scheduler), engagement, event registration.
  await api.register(memberRoutes, { db: ctx.db, account: authService, emit, emitMany, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl });
  await api.register(memberMergeRoutes, { db: ctx.db, emit });
  await api.register(directoryRoutes, { db: ctx.db });
  await api.register(invitationRoutes, {
    invitations: createInvitations({
      db: ctx.db,
      mailer: ctx.mailer,
      limiter: ctx.limiter,
      tokens: ctx.tokens,
      publicUrl: ctx.config.publicUrl,
      churchName: async () => (await settings.get()).churchName,
    }),
  });
  await api.register(prayerRoutes, { service: createPrayersService(ctx.db, { alerts, audit: auditPort, emit }) });
  await registerGiving(
    api,
    ctx,
    async () => (await settings.get()).timeZone,
    async () => (await settings.get()).churchName,
  );
  await api.register(notificationRoutes, {
    db: ctx.db,
    runScheduler: ctx.config.env !== 'test',
    timeZone: async () => (await settings.get()).timeZone,
  });
  await api.register(analyticsRoutes, { db: ctx.db, limiter: ctx.limiter, timeZone: async () => (await settings.get()).timeZone });
  // Consents: a member's message and privacy preferences (office, issue 13).
  await api.register(consentRoutes, { db: ctx.db, consents: ctx.consents });
  // POPIA retention: deleted members' gift records lose the person once the five tax-law years are over (daily job).
  const retention = defineRetentionJob({ jobs: ctx.jobs, db: ctx.db });
  api.afterStart(async () => {
    await retention.schedule().then(
      (at) => api.log.info({ at }, 'next retention run queued'),
      (err) => api.log.error({ err }, 'could not queue the retention run'),
    );
  });
  // POPIA self-service: download my data (a job), delete my account, the administrators' list of requests.
  await api.register(privacyRoutes, {
    service: createPrivacyService({
      db: ctx.db,
      jobs: ctx.jobs,
      dataDir: ctx.config.dataDir,
      confirmPassword: authService.confirmCurrentPassword,
    }),
  });
  await api.register(eventRegistrationRoutes, { db: ctx.db, service: createRegistrationsService({ db: ctx.db, emit }) });
  // Cancellations, announcements and places from the waiting list reach people as notifications and e-mail.
  subscribeEventNotices(ctx.events, { mailer: ctx.mailer });
  // Care and events management (pastor/admin): events CRUD and check-in.
  const timeZone = async () => (await settings.get()).timeZone;
  await api.register(eventsManageRoutes, {
    service: createEventsManageService({ db: ctx.db, repo: createEventsRepository(ctx.db), timeZone, audit: auditPort, emit }),
  });
  await api.register(volunteersRoutes, { db: ctx.db, timeZone });
  await api.register(alertPreferencesRoutes, { db: ctx.db });
  await api.register(careRoutes, {
    service: createCareService({ db: ctx.db, repo: createCareRepository(ctx.db), timeZone, audit: auditPort }),
  });
  // Messaging channels (issue 35): SMS, WhatsApp, app notifications and branded e-mail, with their providers' callbacks.
  await registerChannels(
    api,
    ctx,
    async () => {
      const s = await settings.get();
      return { churchName: s.churchName, logoUrl: s.logoUrl, address: s.address, phone: s.phone, email: s.email };
    },
    timeZone,
  );
  // Bulk messaging (issue 13): messages become notifications and, with consent, e-mail, sent by the job queue.
  const messaging = createMessagingService({
    db: ctx.db,
    jobs: ctx.jobs,
    mailer: ctx.mailer,
    consents: ctx.consents,
    hashKey: ctx.hashKey,
    publicUrl: ctx.config.publicUrl,
    churchName: async () => (await settings.get()).churchName,
    timeZone,
    audit: auditPort,
    embedded: ctx.database.kind === 'pglite',
  });
  await api.register(messagingRoutes, { db: ctx.db, repo: createMessagingRepository(ctx.db), service: messaging });
  // A restored database (jobs are not in backups) or a lost job leaves scheduled messages without one: give them
  // theirs, on every start before the server answers (onReady runs after the job queue's own, see app.ts).
  api.addHook('onReady', async () => {
    await messaging.requeueOrphans().then(
      (n) => n && api.log.info({ messages: n }, 'scheduled messages without a job were queued again'),
      (err) => api.log.error({ err }, 'could not check scheduled messages for lost jobs'),
    );
  });
  // Exports (issue 13): reports and office lists built by the job queue into DATA_DIR/exports, downloaded through expiring links.
  const exportsService = createExportsService({
    db: ctx.db,
    jobs: ctx.jobs,
    dataDir: ctx.config.dataDir,
    hashKey: ctx.hashKey,
    churchName: async () => (await settings.get()).churchName,
    timeZone,
  });
  await api.register(exportsRoutes, { db: ctx.db, service: exportsService });
  if (ctx.config.env !== 'test') {
    // Expired files are removed hourly by a job (queued once across instances; tests run it themselves).
    api.afterStart(async () => {
      await exportsService.scheduleCleanup().catch((err) => api.log.error({ err }, 'could not queue the export clean-up'));
    });
  }
  // Sunday (issue 33): service plans, teams and rosters, My schedule and its calendar feed.
  await registerServices(api, {
    db: ctx.db,
    jobs: ctx.jobs,
    mailer: ctx.mailer,
    hashKey: ctx.hashKey,
    publicUrl: ctx.config.publicUrl,
    uploadDir: ctx.config.uploadDir,
    timeZone,
    churchName: async () => (await settings.get()).churchName,
    // The spec's per-day view of the church's list of services (issue 30).
    serviceTimes: async () => daysFromServices((await settings.get()).services),
    emit,
  });
  // Sunday (issue 33): children's check-in — kiosks, the staffed station, security labels printed as ZPL.
  const chatBus = chatRuntime(ctx).bus;
  await registerCheckin(api, {
    db: ctx.db,
    timeZone,
    printer: createTcpPrinter(),
    emit,
    // Live room board: a frame to every socket of someone who staffs check-in (ids only; they reload the board).
    publish: (serviceId) =>
      void chatBus
        .publish({ t: 'permission', permission: 'checkin:staff', frame: { type: 'checkin_changed', serviceId, at: Date.now() } })
        .catch(() => {}),
  });
  const printerStandinPort = ctx.config.labelPrinterStandinPort;
  if (printerStandinPort && ctx.config.env !== 'test') {
    const standin = await startPrinterStandin({ port: printerStandinPort });
    api.log.info({ port: printerStandinPort }, 'label printer stand-in listening (ZPL over TCP)');
    api.addHook('onClose', () => standin.close());
  }
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
  // Groups and home cells (issue 34): groups, networks, meetings and attendance, care when someone drifts away.
  await registerGroups(api, ctx, timeZone);
}
