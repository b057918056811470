/**
 * ROUTE BUDGETS — the performance regression suite's table (route-budgets.test.ts, issue 37).
 *
 * Every GET route under /api is either here with a budget or in NOT_BUDGETED with the reason; a new GET route
 * in neither fails the suite with the line to add. The suite seeds a congregation of VOLUME's size
 * (seed-volume.ts: 100,000 people, 200,000 gifts and what goes with them), calls each route in-process
 * (app.inject: the server's work without the network) and compares its p99 to the budget, on PGlite and on
 * PostgreSQL. What the anchors' worst pages show is that a list gets slow by an order of magnitude after a
 * change (Rock#6425: seconds to 68 s; ChurchCRM#710: 8 s at 625 people), so budgets sit a few times above
 * today's figures on a loaded CI machine: they catch a missing index or a per-row query, not noise.
 *
 * How to add a route: `'GET /api/path/:id': { url: '/api/path/{event}?limit=50', ms: 150 }` —
 *   url: what to call; {member} {event} {donation} {visitor} {room} {sermon} {prayer} are replaced by seeded ids
 *        ({member} is the member the member-side routes are called as);
 *   as:  'leader' (superadmin, the default) or 'member' (that member, for "my …" routes);
 *   ms:  the budget for the p99 on PGlite; pgMs when PostgreSQL needs its own.
 * Measure first (PERF_REPORT=1 prints every figure) and say in your commit what the route measured.
 */
export interface Budget {
  url: string;
  as?: 'leader' | 'member';
  /** p99 budget on PGlite, ms. */
  ms: number;
  /** p99 budget on PostgreSQL, ms (default: ms). */
  pgMs?: number;
}

export const BUDGETS: Record<string, Budget> = {
  // People.
  'GET /api/members': { url: '/api/members?limit=50', ms: 1250, pgMs: 350 },
  'GET /api/members/search': { url: '/api/members/search?q=naidoo', ms: 1500, pgMs: 250 },
  'GET /api/members/stats': { url: '/api/members/stats', ms: 1250, pgMs: 350 },
  'GET /api/members/duplicates': { url: '/api/members/duplicates', ms: 14000, pgMs: 6000 },
  'GET /api/members/merges': { url: '/api/members/merges', ms: 250 },
  'GET /api/households': { url: '/api/households', ms: 250, pgMs: 450 },
  'GET /api/leadership': { url: '/api/leadership', ms: 350, pgMs: 250 },
  'GET /api/volunteers': { url: '/api/volunteers', ms: 1750, pgMs: 1000 },
  'GET /api/visitors': { url: '/api/visitors', ms: 250, pgMs: 350 },
  'GET /api/visitors/recent': { url: '/api/visitors/recent', ms: 250 },
  'GET /api/visitors/stats': { url: '/api/visitors/stats', ms: 350 },
  'GET /api/contact-messages': { url: '/api/contact-messages', ms: 250 },
  // Care.
  'GET /api/care/inbox': { url: '/api/care/inbox', ms: 900, pgMs: 300 },
  'GET /api/care/visits': { url: '/api/care/visits', ms: 1750, pgMs: 300 },
  'GET /api/care/follow-up': { url: '/api/care/follow-up', ms: 600, pgMs: 350 },
  // Dashboards and reports.
  'GET /api/dashboard/pastor': { url: '/api/dashboard/pastor', ms: 1250, pgMs: 900 },
  'GET /api/analytics/overview': { url: '/api/analytics/overview', ms: 800, pgMs: 450 },
  'GET /api/analytics/growth': { url: '/api/analytics/growth', ms: 5000, pgMs: 2250 },
  'GET /api/analytics/engagement': { url: '/api/analytics/engagement', ms: 4000, pgMs: 650 },
  'GET /api/analytics/website': { url: '/api/analytics/website', ms: 250 },
  'GET /api/admin/audit': { url: '/api/admin/audit', ms: 450, pgMs: 250 },
  'GET /api/admin/system': { url: '/api/admin/system', ms: 750, pgMs: 250 },
  // Giving.
  'GET /api/giving': { url: '/api/giving', ms: 2250, pgMs: 350 },
  // PGlite measured 308.8 ms p99 in a fresh-clone CI run (both engines' suites side by side on 2 cores) against 28.6 ms
  // in the quiet giving bench: 600 ms still catches a missing index or a per-row query (seconds), not the load.
  'GET /api/donations': { url: '/api/donations?limit=50', ms: 600, pgMs: 300 },
  'GET /api/giving/reports': { url: '/api/giving/reports', ms: 8000, pgMs: 1250 },
  'GET /api/giving/batches': { url: '/api/giving/batches', ms: 250 },
  'GET /api/giving/bank-statements': { url: '/api/giving/bank-statements', ms: 250 },
  'GET /api/giving/bank-statement-lines': { url: '/api/giving/bank-statement-lines', ms: 400, pgMs: 250 },
  'GET /api/giving/funds': { url: '/api/giving/funds', ms: 250 },
  'GET /api/giving/goals': { url: '/api/giving/goals', ms: 250 },
  'GET /api/giving/subscriptions': { url: '/api/giving/subscriptions', ms: 250 },
  'GET /api/giving/certificates': { url: '/api/giving/certificates?taxYear=2026', ms: 300, pgMs: 250 },
  'GET /api/giving/certificates/runs': { url: '/api/giving/certificates/runs?taxYear=2026', ms: 250 },
  'GET /api/giving/certificates/deliverability': { url: '/api/giving/certificates/deliverability?taxYear=2026', ms: 30000, pgMs: 12000 },
  'GET /api/giving/it3d': { url: '/api/giving/it3d?taxYear=2026', ms: 250 },
  'GET /api/giving/user-history': { url: '/api/giving/user-history', as: 'member', ms: 250 },
  'GET /api/giving/user-stats': { url: '/api/giving/user-stats', as: 'member', ms: 300, pgMs: 250 },
  'GET /api/giving/certificates/mine': { url: '/api/giving/certificates/mine', as: 'member', ms: 250 },
  // A year of one person's gifts rendered as a PDF (issue 32).
  'GET /api/giving/statements/mine': { url: '/api/giving/statements/mine?from=2026-03-01&to=2027-02-28', as: 'member', ms: 1500 },
  'GET /api/giving/statements/:id': { url: '/api/giving/statements/{member}?from=2026-03-01&to=2027-02-28', ms: 1500 },
  // Events, prayers, sermons, announcements.
  'GET /api/events': { url: '/api/events', ms: 350, pgMs: 250 },
  'GET /api/events/:id/registrations': { url: '/api/events/{event}/registrations', ms: 250 },
  'GET /api/events/:id/attendance': { url: '/api/events/{event}/attendance', ms: 250 },
  'GET /api/events/stats': { url: '/api/events/stats', ms: 250 },
  'GET /api/prayers': { url: '/api/prayers', as: 'member', ms: 250 },
  'GET /api/prayers/all': { url: '/api/prayers/all', ms: 250 },
  'GET /api/prayers/stats': { url: '/api/prayers/stats', ms: 250 },
  'GET /api/sermons': { url: '/api/sermons', ms: 250 },
  'GET /api/sermons/all': { url: '/api/sermons/all', ms: 350, pgMs: 250 },
  'GET /api/sermons/public': { url: '/api/sermons/public', ms: 300, pgMs: 250 },
  'GET /api/sermons/series': { url: '/api/sermons/series', ms: 300, pgMs: 250 },
  'GET /api/sermons/stats': { url: '/api/sermons/stats', ms: 250 },
  'GET /api/sermons/preparations': { url: '/api/sermons/preparations', ms: 250 },
  'GET /api/announcements': { url: '/api/announcements', ms: 300, pgMs: 250 },
  'GET /api/announcements/active': { url: '/api/announcements/active', ms: 350, pgMs: 250 },
  // Messages and notifications.
  'GET /api/messages': { url: '/api/messages', ms: 250 },
  'GET /api/notifications/user': { url: '/api/notifications/user', as: 'member', ms: 250 },
  'GET /api/notifications/stats': { url: '/api/notifications/stats', ms: 250 },
  'GET /api/notifications/templates': { url: '/api/notifications/templates', ms: 250 },
  'GET /api/outbox': { url: '/api/outbox', ms: 250 },
  // Chat.
  'GET /api/chat/rooms': { url: '/api/chat/rooms', as: 'member', ms: 700, pgMs: 250 },
  'GET /api/chat/rooms/:id/messages': { url: '/api/chat/rooms/{room}/messages', as: 'member', ms: 600, pgMs: 250 },
  'GET /api/chat/rooms/:id/search': { url: '/api/chat/rooms/{room}/search?q=sunday', as: 'member', ms: 250 },
  'GET /api/chat/stats': { url: '/api/chat/stats', ms: 700, pgMs: 250 },
  // Sunday and groups (issue 33, 34): seed-volume.ts holds no services or groups yet — their benches seed them
  // (a route here is still called, so a broken one fails; extend the seed to make the budget mean more).
  'GET /api/services': { url: '/api/services', ms: 250 },
  'GET /api/services/matrix': { url: '/api/services/matrix', ms: 600 },
  'GET /api/teams': { url: '/api/teams', ms: 250 },
  'GET /api/me/schedule': { url: '/api/me/schedule', as: 'member', ms: 250 },
  'GET /api/groups': { url: '/api/groups', ms: 500 },
  'GET /api/groups/mine': { url: '/api/groups/mine', as: 'member', ms: 700 },
  'GET /api/groups/directory': { url: '/api/groups/directory', as: 'member', ms: 250 },
  'GET /api/group-networks': { url: '/api/group-networks', ms: 450 },
  // Added by the treasurer's and Sunday work (issues 32, 33): budgets provisional until measured in a suite run.
  'GET /api/giving/donors': { url: '/api/giving/donors?q=naidoo', ms: 1000 },
  'GET /api/checkin/families': { url: '/api/checkin/families?q=naidoo', ms: 1000 },
  'GET /api/checkin/today': { url: '/api/checkin/today', ms: 1000 },
  'GET /api/checkin/print-jobs': { url: '/api/checkin/print-jobs', ms: 1000 },
  'GET /api/checkin/rooms': { url: '/api/checkin/rooms', ms: 1000 },
  'GET /api/checkin/printers': { url: '/api/checkin/printers', ms: 1000 },
  'GET /api/checkin/kiosks': { url: '/api/checkin/kiosks', ms: 1000 },
  // People and channels (issues 31, 35): provisional until measured in a suite run, as above.
  'GET /api/members/directory': { url: '/api/members/directory?q=naidoo', ms: 2500, pgMs: 800 },
  'GET /api/channels/deliveries': { url: '/api/channels/deliveries', ms: 1000 },
  // Office and developers.
  'GET /api/exports': { url: '/api/exports', ms: 250 },
  'GET /api/admin/data-requests': { url: '/api/admin/data-requests', ms: 250 },
  'GET /api/admin/api-plans': { url: '/api/admin/api-plans', ms: 250 },
  'GET /api/admin/api-keys': { url: '/api/admin/api-keys', ms: 250 },
  'GET /api/developers/analytics': { url: '/api/developers/analytics', ms: 250 },
};

/** GET routes without a budget, and why: each is not a list or report, or is measured by its own bench. */
export const NOT_BUDGETED: Record<string, string> = {
  'GET /api/health': 'the baseline every figure is compared with',
  'GET /api/setup': 'whether the church is set up yet: one count',
  'GET /api/auth/invitation': 'one invitation by its hashed token',
  'GET /api/channels/settings': 'one row',
  'GET /api/channels/push-key': 'the public VAPID key: one row',
  'GET /api/channels/whatsapp-templates': "the church's few approved templates",
  'GET /api/channels/callbacks/whatsapp': "Meta's one-off webhook check: no database",
  'GET /api/health/ready': 'a database ping',
  'GET /api/openapi.json': 'a document built once at start',
  'GET /api/auth/me': 'one row by primary key',
  'GET /api/auth/sessions': "a person's own few sign-ins (by the user's index, at most 200)",
  'GET /api/auth/two-factor': "a count of the person's own ten recovery codes (by the user's index)",
  'GET /api/members/:id': 'one row by primary key',
  'GET /api/members/profile': 'one row by primary key',
  'GET /api/members/preferences': 'one row by primary key',
  'GET /api/members/profile/data-requests': "a person's own few requests",
  'GET /api/members/profile/data-export/:id': 'a file download (bench/src/exports.ts)',
  'GET /api/visitors/:id': 'one row by primary key',
  'GET /api/events/:id': 'one row by primary key',
  'GET /api/donations/:id': 'one row by primary key',
  'GET /api/donations/export': 'a file download (bench/src/exports.ts)',
  'GET /api/prayers/:id': 'one row by primary key',
  'GET /api/sermons/:id': 'one row by primary key',
  'GET /api/sermons/public/:id': 'one row by primary key',
  'GET /api/sermons/preparations/:id': 'one row by primary key',
  'GET /api/sermons/audio/:file': 'a media stream (bench/src/upload.ts)',
  'GET /api/sermons/video/:file': 'a media stream (bench/src/upload.ts)',
  'GET /api/sermons/thumbnail/:file': 'a file',
  'GET /api/settings': 'one row',
  'GET /api/settings/public': 'one row',
  'GET /api/settings/church-info': 'one row',
  'GET /api/settings/logo/:file': 'a file',
  'GET /api/bible/versions': 'a short list of translations',
  'GET /api/bible/daily-verse': 'one verse',
  'GET /api/bible/:version/books.json': 'one translation’s 66 books',
  'GET /api/bible/:version/:book/:chapter': 'one chapter (bench/src/bible.ts)',
  'GET /api/bible/search': 'measured with the Bible imported (bench/src/bible.ts)',
  'GET /api/chat/rooms/:id/info': 'one room',
  'GET /api/chat/files/:id': 'a file',
  'GET /api/messages/:id': 'one row by primary key',
  'GET /api/messages/:id/recipients': 'one message’s recipients (bench/src/office.ts)',
  'GET /api/messages/unsubscribe/:token': 'one row by token',
  'GET /api/exports/:id': 'one row by primary key',
  'GET /api/exports/:id/download': 'a file download (bench/src/exports.ts)',
  'GET /api/giving/batches/:id': 'one batch',
  'GET /api/giving/goals/:id': 'one goal',
  'GET /api/giving/options': 'a short constant list',
  'GET /api/giving/payment-account': 'one row',
  'GET /api/giving/tax-settings': 'one row',
  'GET /api/giving/tax-profile': 'one row',
  'GET /api/giving/donors/:id/tax-profile': 'one row',
  'GET /api/giving/certificates/:id/pdf': 'a PDF download (bench/src/giving.ts)',
  'GET /api/giving/certificates/runs/:id': 'one run',
  'GET /api/giving/certificates/zip': 'a ZIP download (bench/src/giving.ts)',
  'GET /api/giving/statements/zip': 'a ZIP download (statements.test.ts streams one for many givers)',
  'GET /api/care/alert-preferences': 'one row',
  'GET /api/ops/backup': 'a backup download (bench/src/backup.ts)',
  'GET /api/developers/api-keys': "a developer's own keys",
  'GET /api/developers/webhooks': "a developer's own webhooks",
  'GET /api/developers/webhooks/:id/deliveries': 'one webhook’s deliveries (bench/src/developers.ts)',
  'GET /api/developers/integrations': "a developer's own integrations",
  'GET /api/admin/security-settings': 'one row',
  'GET /api/services/:id': 'one service and its plan',
  'GET /api/services/:id/attachments/:fileId': 'a file',
  'GET /api/assignments/:id/candidates': "one position's team members",
  'GET /api/calendar/:token': "one person's feed, by token",
  'GET /api/schedule/respond/:token': 'one assignment, by token',
  'GET /api/groups/:id': 'one group',
  'GET /api/groups/:id/requests': "one group's join requests",
  'GET /api/groups/pictures/:file': 'a file',
  'GET /api/group-networks/:id/report': "one network's figures (the groups bench measures a district at 5,000 groups)",
  'GET /api/settings/images/:file': 'a file',
  'GET /api/kiosk/session': "a kiosk's own session",
  'GET /api/checkin/families/:id': 'one family',
  'GET /api/checkin/tags/:code': 'one tag, by code',
  'GET /api/groups/:id/meetings': "one group's meetings (about a hundred over two years)",
  'GET /api/groups/:id/meetings/:meetingId': 'one meeting and its attendance',
  'GET /api/groups/:id/care-alerts': "one group's open care alerts",
  'GET /api/groups/settings': 'one row',
  'GET /api/plans': 'a constant table',
  'GET /api/pricing/plans': 'a constant table',
};
