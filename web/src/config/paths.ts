/** Every route path once (spec 002 §2.1). Build hrefs with the helpers, never by hand. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** The link sent to a new login e-mail the church office set (issue 29): the new address confirms it here. */
  confirmEmail: '/confirm-email',
  /** Accepting an invitation to the member portal (issue 31): the link a leader sent or showed. */
  invitation: '/invitation',
  dashboard: '/dashboard',
  sermons: '/sermons',
  /** One sermon with its player (issue 18: a sermon card opens its detail). */
  sermon: (id = ':id') => `/sermons/${id}`,
  /** The public list of upcoming events and each one's page (issue 18; /events is the management page). */
  upcomingEvents: '/upcoming-events',
  upcomingEvent: (id = ':id') => `/upcoming-events/${id}`,
  about: '/about',
  ministries: '/ministries',
  contact: '/contact',
  /** POPIA privacy notice and the Information Officer (issue 17): public, linked from the footer and registration. */
  privacy: '/privacy',
  /** The church's Terms of Service (issue 30), written on /settings. */
  terms: '/terms',
  /** First run (issue 30): an install without an administrator is set up here. */
  setup: '/setup',
  /** Administrators' list of POPIA data requests. */
  dataRequests: '/data-requests',

  mobile: {
    dashboard: '/mobile/dashboard',
    profile: '/mobile/profile',
    prayer: '/mobile/prayer',
    giving: '/mobile/giving',
    events: '/mobile/events',
    chat: '/mobile/chat',
    bible: '/mobile/bible',
  },

  /** Groups and home cells (issue 34): member pages, in the desktop shell or the phone frame. */
  /** The member directory (issue 31): members who agreed to appear, for each other. */
  directory: '/directory',
  groups: '/groups',
  group: (id = ':id') => `/groups/${id}`,
  groupNetwork: (id = ':id') => `/groups/zones/${id}`,
  groupMeeting: (id = ':id', meetingId = ':meetingId') => `/groups/${id}/meetings/${meetingId}`,

  pastorDashboard: '/pastor-dashboard',
  members: '/members',
  memberAdd: '/members/add',
  memberImport: '/members/import',
  member: (id = ':id') => `/members/${id}`,
  memberEdit: (id = ':id') => `/members/edit/${id}`,
  memberDuplicates: '/members/duplicates',
  /** The merge view: both records side by side (keep and remove are member ids). */
  memberMerge: '/members/merge',
  memberMergeOf: (keep: string, remove: string) => `/members/merge?keep=${encodeURIComponent(keep)}&remove=${encodeURIComponent(remove)}`,
  volunteers: '/volunteers',
  leadership: '/leadership',
  sermonPrepare: '/sermons/prepare',
  sermonUpload: '/sermons/upload',
  events: '/events',
  eventCreate: '/events/create',
  event: (id = ':id') => `/events/${id}`,
  eventEdit: (id = ':id') => `/events/edit/${id}`,
  prayers: '/prayers',
  prayerAdd: '/prayers/add',
  prayer: (id = ':id') => `/prayers/${id}`,
  giving: '/giving',
  donations: '/donations',
  analytics: '/analytics',
  pastoralCare: '/pastoral-care',
  /** Visitors from the Join Us form (issue 10, not in the spec's table). */
  visitors: '/visitors',
  /** Contact-form messages for leaders (issue 10). */
  inbox: '/inbox',
  /** Bulk messages (spec 001 bulk messaging as its own page). */
  messages: '/messages',
  /** The link at the foot of a bulk e-mail (no sign-in). */
  unsubscribe: (token = ':token') => `/unsubscribe/${token}`,
  announcements: '/announcements',
  chat: '/chat',
  settings: '/settings',
  permissions: '/permissions',
  admin: '/admin',
  adminMembers: '/admin/members',

  apiDocs: '/api-docs',
  developers: '/developers',
  documentation: '/documentation',
  developerLogin: '/developers/login',
  devLogin: '/dev-login',
  developerRegister: '/developers/register',
  devRegister: '/dev-register',
  apiKeys: '/developers/api-keys',
  apiKeysAlias: '/api-keys',
  pricing: '/pricing',
  webhooks: '/developers/webhooks',
  developerAnalytics: '/developers/analytics',
  integrations: '/developers/integrations',

  /** Sunday (issue 33): services, teams and the roster; My schedule; the e-mail one-tap page. */
  services: '/services',
  servicesTeams: '/services/teams',
  servicesMatrix: '/services/roster',
  service: (id = ':id') => `/services/${id}`,
  mySchedule: '/my-schedule',
  serve: (token = ':token') => `/serve/${token}`,
  /** Children's check-in: the kiosk (no sign-in, its own key), the staffed station, the settings. */
  kiosk: '/kiosk',
  checkin: '/checkin',
  checkinSettings: '/checkin/settings',

  error: '/error',
  notFound: '/404',
  unauthorized: '/unauthorized',
} as const;
