import { matchRoutes, type RouteObject } from 'react-router';
import { ErrorPage } from '../features/errors/ErrorPage';
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
      { path: '/', ...page(() => import('../features/home/IndexPage')) },
      { path: '/login', ...page(() => import('../features/accounts/LoginPage')) },
      { path: '/signup', ...page(() => import('../features/accounts/SignupPage')) },
      { path: '/reset-password', ...page(() => import('../features/accounts/ResetPasswordPage')) },
      { path: '/reset-password/do', ...page(() => import('../features/accounts/ResetPasswordDoPage')) },
      { path: '/activate/done', ...page(() => import('../features/accounts/ActivateDonePage')) },
      { path: '/activate/error', ...page(() => import('../features/accounts/ActivateErrorPage')) },
      { path: '/mail-change/do', ...page(() => import('../features/accounts/MailChangeDoPage')) },
      { path: '/sessions/end', ...page(() => import('../features/accounts/SessionEndPage')) },
      { path: '/members', ...page(() => import('../features/members/SearchPage')) },
      { path: '/members/:id', ...page(() => import('../features/members/MemberPage')) },
      { path: '/likes/m/:id', ...page(() => import('../features/members/MemberPage')) },
      { path: '/pages/:page', ...page(() => import('../features/static/StaticPage')) },
      { path: '/:token', ...page(() => import('../features/static/StaticPage')) },
      { path: '/pricing', ...page(() => import('../features/credits/PricingPage')) },
      { path: '/complaints', ...page(() => import('../features/support/ComplaintsPage')) },
      { path: '/appeal/:token', ...page(() => import('../features/support/AppealPage')) },
      { path: '/lang-config', ...page(() => import('../features/support/LangConfigPage')) },
      {
        element: <RequireMember />,
        children: [
          { path: '/notifications', ...page(() => import('../features/settings/SettingsPage')) },
          {
            path: '/notifications/delete-account',
            ...page(() => import('../features/settings/DeleteAccountPage')),
          },
          {
            // The list beside the open conversation on a desktop; on a phone one at a time (ChatsLayout).
            lazy: async () => ({ Component: (await import('../features/chats/ChatsLayout')).ChatsLayout }),
            children: [
              { path: '/chats', ...page(() => import('../features/chats/ChatsPage')) },
              { path: '/chats/:id', ...page(() => import('../features/chats/ConversationPage')) },
              { path: '/members/:id/chat', ...page(() => import('../features/chats/MemberChatPage')) },
            ],
          },
          { path: '/likes', ...page(() => import('../features/likes/LikesPage')) },
          { path: '/likes/:type', ...page(() => import('../features/likes/LikesPage')) },
          { path: '/swipe-game', ...page(() => import('../features/likes/SwipeGamePage')) },
          { path: '/match-finder', ...page(() => import('../features/likes/MatchFinderPage')) },
          { path: '/profile', ...page(() => import('../features/profile/ProfilePage')) },
          { path: '/complete-signup', ...page(() => import('../features/profile/CompleteSignupPage')) },
          { path: '/signup-matches', ...page(() => import('../features/likes/SignupMatchesPage')) },
          { path: '/credits', ...page(() => import('../features/credits/CreditsPage')) },
          { path: '/premium', ...page(() => import('../features/credits/PremiumPage')) },
          { path: '/credits/repeat-order', ...page(() => import('../features/credits/RepeatOrderPage')) },
          { path: '/directdebit', ...page(() => import('../features/credits/DirectDebitPage')) },
          { path: '/credits/:id/:paymentmethod?', ...page(() => import('../features/credits/PaymentPage')) },
          { path: '/transactions', ...page(() => import('../features/credits/TransactionsPage')) },
          { path: '/transactions/:id', ...page(() => import('../features/credits/TransactionPage')) },
        ],
      },
      { path: '*', element: <ErrorPage status={404} /> },
    ],
  },
  {
    // Staff only: the layout's code stays out of the members' and visitors' first load.
    lazy: async () => ({ Component: (await import('../features/staff/shared/StaffLayout')).StaffLayout }),
    errorElement: <ErrorPage />,
    children: [
      // handle.staffRight: the right a role needs for the page (StaffLayout checks it); none for every role.
      { path: '/staff', ...page(() => import('../features/staff/StaffHomePage')) },
      {
        path: '/staff/inbox',
        ...page(() => import('../features/staff/inbox/StaffInboxPage')),
        handle: { staffRight: 'inbox' },
      },
      {
        path: '/staff/dashboard',
        ...page(() => import('../features/staff/dashboard/StaffDashboardPage')),
        handle: { staffRight: 'dashboard' },
      },
      {
        path: '/staff/conversations/:id',
        ...page(() => import('../features/staff/inbox/StaffConversationPage')),
        handle: { staffRight: 'inbox' },
      },
      {
        path: '/staff/profiles',
        ...page(() => import('../features/staff/profiles/StaffProfilesPage')),
        handle: { staffRight: 'inbox' },
      },
      {
        path: '/staff/profiles/:id',
        ...page(() => import('../features/staff/profiles/StaffProfilePage')),
        handle: { staffRight: 'inbox' },
      },
      {
        path: '/staff/photos',
        ...page(() => import('../features/staff/photos/StaffPhotosPage')),
        handle: { staffRight: 'photos' },
      },
      {
        path: '/staff/cases',
        ...page(() => import('../features/staff/cases/StaffCasesPage')),
        handle: { staffRight: 'reports' },
      },
      {
        path: '/staff/members',
        ...page(() => import('../features/staff/members/StaffMembersPage')),
        handle: { staffRight: 'members' },
      },
      {
        path: '/staff/members/:id',
        ...page(() => import('../features/staff/members/StaffMemberPage')),
        handle: { staffRight: 'members' },
      },
      {
        path: '/staff/payments',
        ...page(() => import('../features/staff/payments/StaffPaymentsPage')),
        handle: { staffRight: 'money' },
      },
      {
        path: '/staff/bundles',
        ...page(() => import('../features/staff/prices/StaffPricesPage')),
        handle: { staffRight: 'money' },
      },
      {
        path: '/staff/discounts',
        ...page(() => import('../features/staff/discounts/StaffDiscountsPage')),
        handle: { staffRight: 'money' },
      },
      {
        path: '/staff/sites',
        ...page(() => import('../features/staff/sites/StaffSitesPage')),
        handle: { staffRight: 'sites' },
      },
      {
        path: '/staff/sites/:id',
        ...page(() => import('../features/staff/sites/StaffSitePage')),
        handle: { staffRight: 'sites' },
      },
      {
        path: '/staff/team',
        ...page(() => import('../features/staff/team/StaffTeamPage')),
        handle: { staffRight: 'staff' },
      },
      {
        path: '/staff/log',
        ...page(() => import('../features/staff/log/StaffLogPage')),
        handle: { staffRight: 'staff' },
      },
      { path: '/staff/sessions', ...page(() => import('../features/staff/sessions/StaffSessionsPage')) },
      { path: '/staff/invitation', ...page(() => import('../features/staff/invitation/StaffInvitationPage')) },
    ],
  },
  {
    element: <EmptyLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: '/account-deleted', ...page(() => import('../features/accounts/AccountDeletedPage')) },
      { path: '/sandbox/checkout/:id', ...page(() => import('../features/credits/SandboxCheckoutPage')) },
      { path: '/unsubscribe', ...page(() => import('../features/notifications/UnsubscribePage')) },
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
