import { Outlet } from 'react-router';
import { ActivationReminder } from '../../components/ActivationReminder';
import { EntryWarning } from '../../components/EntryWarning';
import { Footer } from '../../components/Footer';
import { ProfilePhotoAlert } from '../../components/ProfilePhotoAlert';
import { SignupModal } from '../../pages/accounts/SignupModal';
import { TimeBonus } from '../../pages/credits/TimeBonus';
import { MatchPopupProvider } from '../../pages/likes/MatchPopup';
import { MailOffAlert } from '../../pages/notifications/MailOffAlert';
import { PushPrompt } from '../../pages/notifications/PushPrompt';
import { TopBar } from './TopBar';

/** Top bar, banners, the page, footer with disclaimer; the push prompt, the entry warning, the signup dialog and the match popup (also the like modal) on top. */
export function DefaultLayout() {
  return (
    <MatchPopupProvider>
      <TopBar />
      <main id="content">
        <MailOffAlert />
        <ActivationReminder />
        <ProfilePhotoAlert />
        <TimeBonus />
        <Outlet />
      </main>
      <Footer />
      <PushPrompt />
      <EntryWarning />
      <SignupModal />
    </MatchPopupProvider>
  );
}
