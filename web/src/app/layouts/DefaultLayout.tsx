import { Outlet } from 'react-router';
import { EntryWarning } from '../../components/EntryWarning';
import { Footer } from '../../components/Footer';
import { SignupModal } from '../../pages/accounts/SignupModal';
import { MatchPopupProvider } from '../../pages/likes/MatchPopup';
import { PushPrompt } from '../../pages/notifications/PushPrompt';
import { Banners } from './Banners';
import { TopBar } from './TopBar';

/** Top bar, a banner (one at a time), the page, footer with disclaimer; the push prompt, the entry warning, the signup dialog and the match popup (also the like modal) on top. */
export function DefaultLayout() {
  return (
    <MatchPopupProvider>
      <TopBar />
      <main id="content">
        <Banners />
        <Outlet />
      </main>
      <Footer />
      <PushPrompt />
      <EntryWarning />
      <SignupModal />
    </MatchPopupProvider>
  );
}
