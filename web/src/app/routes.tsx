import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth, RequireDeveloper, RequireDevice, RequirePastor, RequirePermission } from '../components/guards/guards';
import { paths } from '../config/paths';
import { ErrorPage } from '../features/system/pages/error-page';
import { NotFoundPage } from '../features/system/pages/not-found-page';
import { APP_NAMESPACES, ensureNamespaces } from '../lib/i18n/i18n';

/**
 * A lazily loaded page: each area downloads its own code when first opened, with the messages its
 * pages use in the reader's language (the home page needs only those loaded at start).
 */
function page(
  load: () => Promise<Record<string, unknown>>,
  exportName: string,
  title?: string,
  namespaces: readonly string[] = APP_NAMESPACES,
): RouteObject {
  return {
    handle: title ? { title } : undefined,
    lazy: async () => {
      const [module] = await Promise.all([load(), ensureNamespaces(namespaces)]);
      return { Component: module[exportName] as React.ComponentType };
    },
  };
}

/** A layout's code with the member area's messages. */
const withMessages = async <T,>(load: Promise<T>) => (await Promise.all([load, ensureNamespaces()]))[0];

/** The member layout (desktop shell or phone frame) loads with the first member page, not with the public site. */
const memberLayout: RouteObject = {
  lazy: async () => ({ Component: (await withMessages(import('./layouts/member-layout'))).MemberLayout }),
};

/** A page that belongs to one kind of device; the other kind is sent to its counterpart (spec 000 §1). */
function deviceOnly(
  path: string,
  device: 'mobile' | 'desktop',
  otherwise: string,
  title: string,
  load: () => Promise<React.ComponentType>,
): RouteObject {
  return {
    path,
    handle: { title },
    lazy: async () => {
      const Page = await withMessages(load());
      return {
        Component: () => (
          <RequireDevice device={device} otherwise={otherwise}>
            <Page />
          </RequireDevice>
        ),
      };
    },
  };
}

/** The management layout wraps every pastor/admin page (nav in layouts/management-nav.ts). */
const managementLayout: RouteObject = {
  lazy: async () => ({ Component: (await withMessages(import('./layouts/management-layout'))).ManagementLayout }),
};

/** Spec 002 §2.1 — every route, its aliases and its guard. */
export const routes: RouteObject[] = [
  {
    // The root names the browser tab after the page and the church (document-title.tsx). Lazy: loaded
    // beside the first page's code, it keeps react-query's chunking of the home page's entry as it was.
    lazy: async () => ({ Component: (await import('./document-title')).DocumentTitle }),
    errorElement: <ErrorPage />,
    children: [
      // Public site
      { path: paths.home, ...page(() => import('../features/public-site/pages/home-page'), 'HomePage', undefined, []) },
      { path: paths.about, ...page(() => import('../features/public-site/pages/about-page'), 'AboutPage', 'About') },
      { path: paths.ministries, ...page(() => import('../features/public-site/pages/ministries-page'), 'MinistriesPage', 'Ministries') },
      { path: paths.contact, ...page(() => import('../features/public-site/pages/contact-page'), 'ContactPage', 'Contact') },
      { path: paths.privacy, ...page(() => import('../features/privacy/pages/privacy-page'), 'PrivacyPage', 'Privacy Notice') },
      { path: paths.terms, ...page(() => import('../features/privacy/pages/terms-page'), 'TermsPage', 'Terms of Service') },
      { path: paths.setup, ...page(() => import('../features/public-site/setup/setup-page'), 'SetupPage', 'Set up your church') },
      { path: paths.sermons, ...page(() => import('../features/sermons/pages/sermon-library-page'), 'SermonLibraryPage', 'Sermons') },
      // One sermon with its player; /sermons/prepare and /sermons/upload (management) are static paths and win over :id.
      { path: paths.sermon(), ...page(() => import('../features/sermons/pages/sermon-page'), 'SermonPage', 'Sermon') },
      // The public list of upcoming events and each event's page (/events itself is the management page).
      {
        path: paths.upcomingEvents,
        ...page(() => import('../features/events/pages/public-events-page'), 'PublicEventsPage', 'Upcoming Events'),
      },
      { path: paths.upcomingEvent(), ...page(() => import('../features/events/pages/public-event-page'), 'PublicEventPage', 'Event') },

      // Sign-in
      { path: paths.login, ...page(() => import('../features/auth/pages/login-page'), 'LoginPage', 'Sign In') },
      { path: paths.register, ...page(() => import('../features/auth/pages/register-page'), 'RegisterPage', 'Join Us') },
      {
        path: paths.forgotPassword,
        ...page(() => import('../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage', 'Forgot Password'),
      },
      {
        path: paths.resetPassword,
        ...page(() => import('../features/auth/pages/reset-password-page'), 'ResetPasswordPage', 'Reset Password'),
      },
      {
        path: paths.confirmEmail,
        ...page(() => import('../features/auth/pages/confirm-email-page'), 'ConfirmEmailPage', 'Confirm E-mail'),
      },
      {
        path: paths.invitation,
        ...page(() => import('../features/auth/pages/accept-invitation-page'), 'AcceptInvitationPage', 'Welcome'),
      },

      // Developer portal: public pages
      ...[paths.apiDocs, paths.developers, paths.documentation].map((path) => ({
        path,
        ...page(() => import('../features/developers/pages/api-docs-page'), 'ApiDocsPage', 'API Documentation'),
      })),
      ...[paths.developerLogin, paths.devLogin].map((path) => ({
        path,
        ...page(() => import('../features/developers/pages/developer-login-page'), 'DeveloperLoginPage', 'Developer Login'),
      })),
      ...[paths.developerRegister, paths.devRegister].map((path) => ({
        path,
        ...page(() => import('../features/developers/pages/developer-register-page'), 'DeveloperRegisterPage', 'Developer Registration'),
      })),
      {
        path: paths.unsubscribe(),
        ...page(() => import('../features/messaging/pages/unsubscribe-page'), 'UnsubscribePage', 'Unsubscribe'),
      },
      { path: paths.pricing, ...page(() => import('../features/developers/pages/pricing-page'), 'PricingPage', 'Pricing') },
      // The check-in kiosk (issue 33): a device with its own key, no sign-in, full screen.
      { path: paths.kiosk, ...page(() => import('../features/checkin/pages/kiosk-page'), 'KioskPage', 'Check-in Kiosk') },
      // The page an e-mail's one-tap link opens (no sign-in: the signed link is the authority).
      { path: paths.serve(), ...page(() => import('../features/services/pages/serve-page'), 'ServePage', 'Can you serve?') },

      // System pages
      { path: paths.error, element: <ErrorPage />, handle: { title: 'Something went wrong' } },
      { path: paths.notFound, element: <NotFoundPage />, handle: { title: 'Page Not Found' } },
      { path: paths.unauthorized, ...page(() => import('../features/system/pages/unauthorized-page'), 'UnauthorizedPage', 'Unauthorized') },

      // Member pages, in one layout: the desktop shell above 768 px, the phone frame below (layouts/member-layout.tsx).
      {
        ...memberLayout,
        children: [
          // The Bible reader is open to visitors too (spec 000 §6).
          { path: paths.mobile.bible, ...page(() => import('../features/bible/pages/bible-page'), 'BiblePage', 'Bible') },
          {
            element: <RequireAuth />,
            children: [
              // Spec 000 §1: a desktop page opened on a phone goes to its mobile page, and the other way round.
              deviceOnly(paths.dashboard, 'desktop', paths.mobile.dashboard, 'Dashboard', () =>
                import('../features/dashboard/pages/dashboard-page').then((m) => m.DashboardPage),
              ),
              deviceOnly(paths.mobile.dashboard, 'mobile', paths.dashboard, 'Home', () =>
                import('../features/dashboard/pages/mobile-dashboard-page').then((m) => m.MobileDashboardPage),
              ),
              deviceOnly(paths.chat, 'desktop', paths.mobile.chat, 'Church Chat', () =>
                import('../features/chat/pages/chat-page').then((m) => m.ChatPage),
              ),
              deviceOnly(paths.mobile.chat, 'mobile', paths.chat, 'Church Chat', () =>
                import('../features/chat/pages/mobile-chat-page').then((m) => m.MobileChatPage),
              ),
              { path: paths.mobile.profile, ...page(() => import('../features/profile/pages/profile-page'), 'ProfilePage', 'My Profile') },
              {
                path: paths.mobile.prayer,
                ...page(() => import('../features/prayers/pages/mobile-prayer-page'), 'MobilePrayerPage', 'Prayer'),
              },
              {
                path: paths.mobile.giving,
                ...page(() => import('../features/giving/pages/mobile-giving-page'), 'MobileGivingPage', 'My Giving'),
              },
              {
                path: paths.mobile.events,
                ...page(() => import('../features/events/pages/mobile-events-page'), 'MobileEventsPage', 'Events'),
              },
              // Groups and home cells (issue 34).
              { path: paths.groups, ...page(() => import('../features/groups/pages/groups-page'), 'GroupsPage', 'Groups') },
              {
                path: paths.directory,
                ...page(() => import('../features/directory/pages/directory-page'), 'DirectoryPage', 'Member Directory'),
              },
              { path: paths.group(), ...page(() => import('../features/groups/pages/group-page'), 'GroupPage', 'Group') },
              {
                path: paths.groupMeeting(),
                ...page(() => import('../features/groups/pages/attendance-page'), 'AttendancePage', 'Attendance'),
              },
              {
                path: paths.groupNetwork(),
                ...page(() => import('../features/groups/pages/network-report-page'), 'NetworkReportPage', 'Zone Report'),
              },
              {
                path: paths.mySchedule,
                ...page(() => import('../features/services/pages/my-schedule-page'), 'MySchedulePage', 'My Schedule'),
              },
            ],
          },
        ],
      },

      // Signed-in leaders and developers
      {
        element: <RequireAuth />,
        children: [
          // Finance pages: whoever holds finance:read (pastors, admins, and a deacon or volunteer granted it as treasurer).
          {
            element: <RequirePermission permission="finance:read" />,
            children: [
              {
                ...managementLayout,
                children: [
                  {
                    path: paths.giving,
                    ...page(() => import('../features/giving/admin/giving-page'), 'GivingPage', 'Giving & Donations'),
                  },
                  {
                    path: paths.donations,
                    ...page(() => import('../features/giving/admin/donations-page'), 'DonationsPage', 'Donations'),
                  },
                ],
              },
            ],
          },

          // Check-in (issue 33): the station for whoever staffs the door (volunteers too), the settings for managers.
          {
            element: <RequirePermission permission="checkin:staff" />,
            children: [
              {
                ...managementLayout,
                children: [
                  { path: paths.checkin, ...page(() => import('../features/checkin/pages/station-page'), 'StationPage', 'Check-in') },
                  {
                    element: <RequirePermission permission="checkin:manage" />,
                    children: [
                      {
                        path: paths.checkinSettings,
                        ...page(
                          () => import('../features/checkin/pages/checkin-settings-page'),
                          'CheckinSettingsPage',
                          'Check-in Settings',
                        ),
                      },
                    ],
                  },
                ],
              },
            ],
          },

          // Pastor dashboard admits elders too; every other management page pastor/admin/superadmin.
          // The guard sits outside the layout so a refused person never sees management chrome.
          {
            element: <RequirePastor allowElder />,
            children: [
              {
                ...managementLayout,
                children: [
                  {
                    path: paths.pastorDashboard,
                    ...page(
                      () => import('../features/pastor-dashboard/pages/pastor-dashboard-page'),
                      'PastorDashboardPage',
                      'Pastor Dashboard',
                    ),
                  },
                  {
                    element: <RequirePastor />,
                    children: [
                      {
                        path: paths.members,
                        ...page(() => import('../features/members/pages/members-list-page'), 'MembersListPage', 'Members Management'),
                      },
                      {
                        path: paths.memberAdd,
                        ...page(() => import('../features/members/pages/member-form-page'), 'MemberAddPage', 'Add New Member'),
                      },
                      {
                        path: paths.memberImport,
                        ...page(() => import('../features/members/pages/members-import-page'), 'MembersImportPage', 'Import Members'),
                      },
                      {
                        path: paths.memberDuplicates,
                        ...page(() => import('../features/members/pages/duplicates-page'), 'DuplicatesPage', 'Possible Duplicates'),
                      },
                      {
                        path: paths.memberMerge,
                        ...page(() => import('../features/members/pages/merge-page'), 'MergePage', 'Merge Members'),
                      },
                      {
                        path: paths.member(),
                        ...page(() => import('../features/members/pages/member-detail-page'), 'MemberDetailPage', 'Member Details'),
                      },
                      {
                        path: paths.memberEdit(),
                        ...page(() => import('../features/members/pages/member-form-page'), 'MemberEditPage', 'Edit Member'),
                      },
                      {
                        path: paths.volunteers,
                        ...page(() => import('../features/care/pages/volunteers-page'), 'VolunteersPage', 'Volunteers'),
                      },
                      {
                        path: paths.leadership,
                        ...page(() => import('../features/care/pages/leadership-page'), 'LeadershipPage', 'Leadership Team'),
                      },
                      {
                        path: paths.sermonPrepare,
                        ...page(() => import('../features/publish/pages/sermon-prepare-page'), 'SermonPreparePage', 'Sermon Preparation'),
                      },
                      {
                        path: paths.sermonUpload,
                        ...page(() => import('../features/publish/pages/sermon-upload-page'), 'SermonUploadPage', 'Upload Sermon'),
                      },
                      {
                        path: paths.events,
                        ...page(() => import('../features/events/pages/events-manage-page'), 'EventsManagePage', 'Events'),
                      },
                      {
                        path: paths.eventCreate,
                        ...page(() => import('../features/events/pages/event-form-page'), 'EventCreatePage', 'Create Event'),
                      },
                      {
                        path: paths.event(),
                        ...page(() => import('../features/events/pages/event-detail-page'), 'EventDetailPage', 'Event Details'),
                      },
                      {
                        path: paths.eventEdit(),
                        ...page(() => import('../features/events/pages/event-form-page'), 'EventEditPage', 'Edit Event'),
                      },
                      {
                        path: paths.prayers,
                        ...page(() => import('../features/prayers/pages/prayers-manage-page'), 'PrayersManagePage', 'Prayer Requests'),
                      },
                      {
                        path: paths.prayerAdd,
                        ...page(() => import('../features/prayers/pages/prayer-add-page'), 'PrayerAddPage', 'Add Prayer Request'),
                      },
                      {
                        path: paths.prayer(),
                        ...page(() => import('../features/prayers/pages/prayer-detail-page'), 'PrayerDetailPage', 'Prayer Request'),
                      },
                      {
                        path: paths.analytics,
                        ...page(() => import('../features/analytics/pages/analytics-page'), 'AnalyticsPage', 'Analytics'),
                      },
                      {
                        path: paths.pastoralCare,
                        ...page(() => import('../features/care/pages/pastoral-care-page'), 'PastoralCarePage', 'Pastoral Care'),
                      },
                      {
                        path: paths.announcements,
                        ...page(() => import('../features/publish/pages/announcements-page'), 'AnnouncementsPage', 'Announcements'),
                      },
                      {
                        path: paths.settings,
                        ...page(
                          () => import('../features/public-site/editor/church-settings-page'),
                          'ChurchSettingsPage',
                          'Church Settings',
                        ),
                      },
                      {
                        path: paths.permissions,
                        ...page(() => import('../features/admin/pages/permissions-page'), 'PermissionsPage', 'Permissions'),
                      },
                      ...[paths.admin, paths.adminMembers].map((path) => ({
                        path,
                        ...page(() => import('../features/admin/pages/admin-panel-page'), 'AdminPanelPage', 'Admin Panel'),
                      })),
                      {
                        path: paths.visitors,
                        ...page(() => import('../features/visitors/pages/visitors-page'), 'VisitorsPage', 'Visitors'),
                      },
                      { path: paths.inbox, ...page(() => import('../features/visitors/pages/inbox-page'), 'InboxPage', 'Inbox') },
                      {
                        path: paths.messages,
                        ...page(() => import('../features/messaging/pages/messages-page'), 'MessagesPage', 'Messages'),
                      },
                      {
                        path: paths.services,
                        ...page(() => import('../features/services/pages/services-page'), 'ServicesPage', 'Services'),
                      },
                      { path: paths.servicesTeams, ...page(() => import('../features/services/pages/teams-page'), 'TeamsPage', 'Teams') },
                      {
                        path: paths.servicesMatrix,
                        ...page(() => import('../features/services/pages/matrix-page'), 'MatrixPage', 'Roster'),
                      },
                      {
                        path: paths.service(),
                        ...page(() => import('../features/services/pages/service-detail-page'), 'ServiceDetailPage', 'Service'),
                      },
                      {
                        path: paths.dataRequests,
                        ...page(() => import('../features/privacy/pages/data-requests-page'), 'DataRequestsPage', 'Data Requests'),
                      },
                    ],
                  },
                ],
              },
            ],
          },

          // Developer-only pages
          {
            element: <RequireDeveloper />,
            children: [
              ...[paths.apiKeys, paths.apiKeysAlias].map((path) => ({
                path,
                ...page(() => import('../features/developers/pages/api-keys-page'), 'ApiKeysPage', 'API Keys'),
              })),
              { path: paths.webhooks, ...page(() => import('../features/developers/pages/webhooks-page'), 'WebhooksPage', 'Webhooks') },
              {
                path: paths.developerAnalytics,
                ...page(() => import('../features/developers/pages/developer-analytics-page'), 'DeveloperAnalyticsPage', 'API Analytics'),
              },
              {
                path: paths.integrations,
                ...page(() => import('../features/developers/pages/integrations-page'), 'IntegrationsPage', 'Integrations'),
              },
            ],
          },
        ],
      },

      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
];
