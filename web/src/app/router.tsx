import { createBrowserRouter } from 'react-router';
import { ErrorPage } from '../pages/errors/ErrorPage';
import { StaffLayout } from '../pages/staff/StaffLayout';
import { ChatLayout } from './layouts/ChatLayout';
import { DefaultLayout } from './layouts/DefaultLayout';
import { EmptyLayout } from './layouts/EmptyLayout';
import { RequireMember } from './RequireMember';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const router = createBrowserRouter([
  {
    element: <DefaultLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: '/', lazy: page(() => import('../pages/home/IndexPage')) },
      { path: '/login', lazy: page(() => import('../pages/accounts/LoginPage')) },
      { path: '/signup', lazy: page(() => import('../pages/accounts/SignupPage')) },
      { path: '/reset-password', lazy: page(() => import('../pages/accounts/ResetPasswordPage')) },
      { path: '/reset-password/do', lazy: page(() => import('../pages/accounts/ResetPasswordDoPage')) },
      { path: '/activate/done', lazy: page(() => import('../pages/accounts/ActivateDonePage')) },
      { path: '/activate/error', lazy: page(() => import('../pages/accounts/ActivateErrorPage')) },
      { path: '/mail-change/do', lazy: page(() => import('../pages/accounts/MailChangeDoPage')) },
      { path: '/members', lazy: page(() => import('../pages/members/SearchPage')) },
      { path: '/members/:id', lazy: page(() => import('../pages/members/MemberPage')) },
      { path: '/likes/m/:id', lazy: page(() => import('../pages/members/MemberPage')) },
      { path: '/pages/:page', lazy: page(() => import('../pages/static/StaticPage')) },
      { path: '/:token', lazy: page(() => import('../pages/static/StaticPage')) },
      { path: '/pricing', lazy: page(() => import('../pages/credits/PricingPage')) },
      { path: '/complaints', lazy: page(() => import('../pages/support/ComplaintsPage')) },
      { path: '/lang-config', lazy: page(() => import('../pages/support/LangConfigPage')) },
      {
        element: <RequireMember />,
        children: [
          { path: '/notifications', lazy: page(() => import('../pages/settings/SettingsPage')) },
          {
            path: '/notifications/delete-account',
            lazy: page(() => import('../pages/settings/DeleteAccountPage')),
          },
          { path: '/chats', lazy: page(() => import('../pages/chats/ChatsPage')) },
          { path: '/likes', lazy: page(() => import('../pages/likes/LikesPage')) },
          { path: '/likes/:type', lazy: page(() => import('../pages/likes/LikesPage')) },
          { path: '/swipe-game', lazy: page(() => import('../pages/likes/SwipeGamePage')) },
          { path: '/match-finder', lazy: page(() => import('../pages/likes/MatchFinderPage')) },
          { path: '/profile', lazy: page(() => import('../pages/profile/ProfilePage')) },
          { path: '/complete-signup', lazy: page(() => import('../pages/profile/CompleteSignupPage')) },
          { path: '/signup-matches', lazy: page(() => import('../pages/likes/SignupMatchesPage')) },
          { path: '/credits', lazy: page(() => import('../pages/credits/CreditsPage')) },
          { path: '/premium', lazy: page(() => import('../pages/credits/PremiumPage')) },
          { path: '/credits/repeat-order', lazy: page(() => import('../pages/credits/RepeatOrderPage')) },
          { path: '/directdebit', lazy: page(() => import('../pages/credits/DirectDebitPage')) },
          { path: '/credits/:id/:paymentmethod?', lazy: page(() => import('../pages/credits/PaymentPage')) },
          { path: '/transactions', lazy: page(() => import('../pages/credits/TransactionsPage')) },
          { path: '/transactions/:id', lazy: page(() => import('../pages/credits/TransactionPage')) },
        ],
      },
      { path: '*', element: <ErrorPage status={404} /> },
    ],
  },
  {
    element: <ChatLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <RequireMember />,
        children: [
          { path: '/chats/:id', lazy: page(() => import('../pages/chats/ConversationPage')) },
          { path: '/members/:id/chat', lazy: page(() => import('../pages/chats/MemberChatPage')) },
        ],
      },
    ],
  },
  {
    element: <StaffLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: '/staff', lazy: page(() => import('../pages/staff/StaffInboxPage')) },
      { path: '/staff/conversations/:id', lazy: page(() => import('../pages/staff/StaffConversationPage')) },
    ],
  },
  {
    element: <EmptyLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: '/account-deleted', lazy: page(() => import('../pages/accounts/AccountDeletedPage')) },
      { path: '/sandbox/checkout/:id', lazy: page(() => import('../pages/credits/SandboxCheckoutPage')) },
      { path: '/unsubscribe', lazy: page(() => import('../pages/notifications/UnsubscribePage')) },
    ],
  },
]);
