import { matchRoutes, type RouteObject } from 'react-router';
import { ErrorPage } from '../pages/errors/ErrorPage';
import { DefaultLayout } from './layouts/DefaultLayout';
import { EmptyLayout } from './layouts/EmptyLayout';
import { RequireMember } from './RequireMember';

/**
 * A page whose code loads when it is first shown. The first screen's page is loaded before the app
 * renders (`withFirstPage`), so it shows whole and matches what the server rendered.
 */
const page = (load: () => Promise<{ default: React.ComponentType }>) => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** The app's routes: the browser's router (main.tsx) and the server's first render (render.tsx) share them. */
export const routes: RouteObject[] = [
  {
    element: <DefaultLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: '/', ...page(() => import('../pages/home/IndexPage')) },
      { path: '/login', ...page(() => import('../pages/accounts/LoginPage')) },
      { path: '/signup', ...page(() => import('../pages/accounts/SignupPage')) },
      { path: '/reset-password', ...page(() => import('../pages/accounts/ResetPasswordPage')) },
      { path: '/reset-password/do', ...page(() => import('../pages/accounts/ResetPasswordDoPage')) },
      { path: '/activate/done', ...page(() => import('../pages/accounts/ActivateDonePage')) },
      { path: '/activate/error', ...page(() => import('../pages/accounts/ActivateErrorPage')) },
      { path: '/mail-change/do', ...page(() => import('../pages/accounts/MailChangeDoPage')) },
      { path: '/sessions/end', ...page(() => import('../pages/accounts/SessionEndPage')) },
      { path: '/members', ...page(() => import('../pages/members/SearchPage')) },
      { path: '/members/:id', ...page(() => import('../pages/members/MemberPage')) },
      { path: '/likes/m/:id', ...page(() => import('../pages/members/MemberPage')) },
      { path: '/pages/:page', ...page(() => import('../pages/static/StaticPage')) },
      { path: '/:token', ...page(() => import('../pages/static/StaticPage')) },
      { path: '/pricing', ...page(() => import('../pages/credits/PricingPage')) },
      { path: '/complaints', ...page(() => import('../pages/support/ComplaintsPage')) },
      { path: '/appeal/:token', ...page(() => import('../pages/support/AppealPage')) },
      { path: '/lang-config', ...page(() => import('../pages/support/LangConfigPage')) },
      {
        element: <RequireMember />,
        children: [
          { path: '/notifications', ...page(() => import('../pages/settings/SettingsPage')) },
          {
            path: '/notifications/delete-account',
            ...page(() => import('../pages/settings/DeleteAccountPage')),
          },
          {
            // The list beside the open conversation on a desktop; on a phone one at a time (ChatsLayout).
            lazy: async () => ({ Component: (await import('../pages/chats/ChatsLayout')).ChatsLayout }),
            children: [
              { path: '/chats', ...page(() => import('../pages/chats/ChatsPage')) },
              { path: '/chats/:id', ...page(() => import('../pages/chats/ConversationPage')) },
              { path: '/members/:id/chat', ...page(() => import('../pages/chats/MemberChatPage')) },
            ],
          },
          { path: '/likes', ...page(() => import('../pages/likes/LikesPage')) },
          { path: '/likes/:type', ...page(() => import('../pages/likes/LikesPage')) },
          { path: '/swipe-game', ...page(() => import('../pages/likes/SwipeGamePage')) },
          { path: '/match-finder', ...page(() => import('../pages/likes/MatchFinderPage')) },
          { path: '/profile', ...page(() => import('../pages/profile/ProfilePage')) },
          { path: '/complete-signup', ...page(() => import('../pages/profile/CompleteSignupPage')) },
          { path: '/signup-matches', ...page(() => import('../pages/likes/SignupMatchesPage')) },
          { path: '/credits', ...page(() => import('../pages/credits/CreditsPage')) },
          { path: '/premium', ...page(() => import('../pages/credits/PremiumPage')) },
          { path: '/credits/repeat-order', ...page(() => import('../pages/credits/RepeatOrderPage')) },
          { path: '/directdebit', ...page(() => import('../pages/credits/DirectDebitPage')) },
          { path: '/credits/:id/:paymentmethod?', ...page(() => import('../pages/credits/PaymentPage')) },
          { path: '/transactions', ...page(() => import('../pages/credits/TransactionsPage')) },
          { path: '/transactions/:id', ...page(() => import('../pages/credits/TransactionPage')) },
        ],
      },
      { path: '*', element: <ErrorPage status={404} /> },
    ],
  },
  {
    // Staff only: the layout's code stays out of the members' and visitors' first load.
    lazy: async () => ({ Component: (await import('../pages/staff/StaffLayout')).StaffLayout }),
    errorElement: <ErrorPage />,
    children: [
      // handle.staffRight: the right a role needs for the page (StaffLayout checks it); none for every role.
      { path: '/staff', ...page(() => import('../pages/staff/StaffHomePage')) },
      { path: '/staff/inbox', ...page(() => import('../pages/staff/StaffInboxPage')), handle: { staffRight: 'inbox' } },
      {
        path: '/staff/dashboard',
        ...page(() => import('../pages/staff/StaffDashboardPage')),
        handle: { staffRight: 'dashboard' },
      },
      {
        path: '/staff/conversations/:id',
        ...page(() => import('../pages/staff/StaffConversationPage')),
        handle: { staffRight: 'inbox' },
      },
      {
        path: '/staff/profiles',
        ...page(() => import('../pages/staff/StaffProfilesPage')),
        handle: { staffRight: 'inbox' },
      },
      {
        path: '/staff/profiles/:id',
        ...page(() => import('../pages/staff/StaffProfilePage')),
        handle: { staffRight: 'inbox' },
      },
      {
        path: '/staff/photos',
        ...page(() => import('../pages/staff/StaffPhotosPage')),
        handle: { staffRight: 'photos' },
      },
      {
        path: '/staff/cases',
        ...page(() => import('../pages/staff/StaffCasesPage')),
        handle: { staffRight: 'reports' },
      },
      {
        path: '/staff/members',
        ...page(() => import('../pages/staff/StaffMembersPage')),
        handle: { staffRight: 'members' },
      },
      {
        path: '/staff/members/:id',
        ...page(() => import('../pages/staff/StaffMemberPage')),
        handle: { staffRight: 'members' },
      },
      {
        path: '/staff/payments',
        ...page(() => import('../pages/staff/StaffPaymentsPage')),
        handle: { staffRight: 'money' },
      },
      {
        path: '/staff/bundles',
        ...page(() => import('../pages/staff/StaffPricesPage')),
        handle: { staffRight: 'money' },
      },
      {
        path: '/staff/discounts',
        ...page(() => import('../pages/staff/StaffDiscountsPage')),
        handle: { staffRight: 'money' },
      },
      {
        path: '/staff/sites',
        ...page(() => import('../pages/staff/StaffSitesPage')),
        handle: { staffRight: 'sites' },
      },
      {
        path: '/staff/sites/:id',
        ...page(() => import('../pages/staff/StaffSitePage')),
        handle: { staffRight: 'sites' },
      },
      { path: '/staff/team', ...page(() => import('../pages/staff/StaffTeamPage')), handle: { staffRight: 'staff' } },
      { path: '/staff/log', ...page(() => import('../pages/staff/StaffLogPage')), handle: { staffRight: 'staff' } },
      { path: '/staff/sessions', ...page(() => import('../pages/staff/StaffSessionsPage')) },
    ],
  },
  {
    element: <EmptyLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: '/account-deleted', ...page(() => import('../pages/accounts/AccountDeletedPage')) },
      { path: '/sandbox/checkout/:id', ...page(() => import('../pages/credits/SandboxCheckoutPage')) },
      { path: '/unsubscribe', ...page(() => import('../pages/notifications/UnsubscribePage')) },
    ],
  },
];

/** `routes` with the pages the path shows already loaded. */
export async function withFirstPage(path: string): Promise<RouteObject[]> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      // A page that fails to load stays lazy: the router tries again and shows its error page.
      const loaded = await route.lazy().catch(() => null);
      if (loaded) Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  return routes;
}
