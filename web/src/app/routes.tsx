import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth, RequireDeveloper, RequireDevice, RequirePastor } from '../components/guards/guards';
import { paths } from '../config/paths';
import { ErrorPage } from '../features/system/pages/error-page';
import { NotFoundPage } from '../features/system/pages/not-found-page';

/** A lazily loaded page: each area downloads its own code when first opened. */
function page(load: () => Promise<Record<string, unknown>>, exportName: string, title?: string): RouteObject {
  return {
    handle: title ? { title } : undefined,
    lazy: async () => ({ Component: (await load())[exportName] as React.ComponentType }),
  };
}

/** The mobile frame loads with the first /mobile page, not with the public site. */
const mobileLayout: RouteObject = { lazy: async () => ({ Component: (await import('./layouts/mobile-layout')).MobileLayout }) };

/** The management layout wraps every pastor/admin page (nav in layouts/management-nav.ts). */
const managementLayout: RouteObject = {
  lazy: async () => ({ Component: (await import('./layouts/management-layout')).ManagementLayout }),
};

const notYet = (title: string) => page(() => import('../features/system/pages/not-yet-available-page'), 'NotYetAvailablePage', title);

/** Spec 002 §2.1 — every route, its aliases and its guard. */
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      // Public site
      { path: paths.home, ...page(() => import('../features/public-site/pages/home-page'), 'HomePage') },
      { path: paths.about, ...page(() => import('../features/public-site/pages/about-page'), 'AboutPage') },
      { path: paths.ministries, ...page(() => import('../features/public-site/pages/ministries-page'), 'MinistriesPage') },
      { path: paths.contact, ...page(() => import('../features/public-site/pages/contact-page'), 'ContactPage') },
      { path: paths.sermons, ...page(() => import('../features/sermons/pages/sermon-library-page'), 'SermonLibraryPage') },

      // Sign-in
      { path: paths.login, ...page(() => import('../features/auth/pages/login-page'), 'LoginPage') },
      { path: paths.register, ...page(() => import('../features/auth/pages/register-page'), 'RegisterPage') },
      { path: paths.forgotPassword, ...page(() => import('../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage') },
      { path: paths.resetPassword, ...page(() => import('../features/auth/pages/reset-password-page'), 'ResetPasswordPage') },

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
      { path: paths.pricing, ...page(() => import('../features/developers/pages/pricing-page'), 'PricingPage', 'Pricing') },

      // System pages
      { path: paths.error, element: <ErrorPage /> },
      { path: paths.notFound, element: <NotFoundPage /> },
      { path: paths.unauthorized, ...page(() => import('../features/system/pages/unauthorized-page'), 'UnauthorizedPage') },

      // The Bible reader is open to visitors too (spec 000 §6), inside the mobile frame.
      {
        ...mobileLayout,
        children: [{ path: paths.mobile.bible, ...page(() => import('../features/bible/pages/bible-page'), 'BiblePage') }],
      },

      // Signed-in members
      {
        element: <RequireAuth />,
        children: [
          {
            path: paths.dashboard,
            lazy: async () => {
              const { DashboardPage } = await import('../features/dashboard/pages/dashboard-page');
              return {
                Component: () => (
                  <RequireDevice device="desktop" otherwise={paths.mobile.dashboard}>
                    <DashboardPage />
                  </RequireDevice>
                ),
              };
            },
          },
          { path: paths.chat, ...page(() => import('../features/chat/pages/chat-page'), 'ChatPage') },
          {
            ...mobileLayout,
            children: [
              {
                path: paths.mobile.dashboard,
                lazy: async () => {
                  const { MobileDashboardPage } = await import('../features/dashboard/pages/mobile-dashboard-page');
                  return {
                    Component: () => (
                      <RequireDevice device="mobile" otherwise={paths.dashboard}>
                        <MobileDashboardPage />
                      </RequireDevice>
                    ),
                  };
                },
              },
              { path: paths.mobile.profile, ...page(() => import('../features/profile/pages/profile-page'), 'ProfilePage') },
              { path: paths.mobile.prayer, ...page(() => import('../features/prayers/pages/mobile-prayer-page'), 'MobilePrayerPage') },
              { path: paths.mobile.giving, ...page(() => import('../features/giving/pages/mobile-giving-page'), 'MobileGivingPage') },
              { path: paths.mobile.events, ...page(() => import('../features/events/pages/mobile-events-page'), 'MobileEventsPage') },
              { path: paths.mobile.chat, ...page(() => import('../features/chat/pages/mobile-chat-page'), 'MobileChatPage') },
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
                    ...page(() => import('../features/pastor-dashboard/pages/pastor-dashboard-page'), 'PastorDashboardPage'),
                  },
                  {
                    element: <RequirePastor />,
                    children: [
                      { path: paths.members, ...notYet('Members Management') },
                      { path: paths.memberAdd, ...notYet('Add New Member') },
                      { path: paths.member(), ...notYet('Member Details') },
                      { path: paths.memberEdit(), ...notYet('Edit Member') },
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
                        path: paths.giving,
                        ...page(() => import('../features/giving/admin/giving-page'), 'GivingPage', 'Giving & Donations'),
                      },
                      {
                        path: paths.donations,
                        ...page(() => import('../features/giving/admin/donations-page'), 'DonationsPage', 'Donations'),
                      },
                      { path: paths.analytics, ...notYet('Analytics') },
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
                        ...page(() => import('../features/publish/pages/church-settings-page'), 'ChurchSettingsPage', 'Church Settings'),
                      },
                      { path: paths.permissions, ...notYet('Permissions') },
                      { path: paths.admin, ...notYet('Admin Panel') },
                      { path: paths.adminMembers, ...notYet('Manage Members') },
                      { path: paths.visitors, ...notYet('Visitors') },
                      { path: paths.inbox, ...notYet('Inbox') },
                      { path: paths.messages, ...notYet('Messages') },
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
              { path: paths.webhooks, ...notYet('Webhooks') },
              {
                path: paths.developerAnalytics,
                ...page(() => import('../features/developers/pages/developer-analytics-page'), 'DeveloperAnalyticsPage', 'API Analytics'),
              },
              { path: paths.integrations, ...notYet('Integrations') },
            ],
          },
        ],
      },

      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
];
