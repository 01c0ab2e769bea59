import { Outlet } from 'react-router';
import { EntryWarning } from '../../components/EntryWarning';
import { Footer } from '../../components/Footer';
import { SignupModal } from '../../pages/accounts/SignupModal';
import { MatchPopupProvider } from '../../pages/likes/match-popup-context';
import { useMemberChrome } from './member-chrome';
import { TopBar } from './TopBar';

/** A member's banners (one at a time) and push prompt. */
function MemberNotices({ part }: { part: 'Banners' | 'PushPrompt' }) {
  const member = useMemberChrome();
  const Notices = member?.[part];
  return Notices ? <Notices /> : null;
}

/** Top bar, a banner (one at a time), the page, footer with disclaimer; the push prompt, the entry warning, the signup dialog and the match popup (also the like modal) on top. */
export function DefaultLayout() {
  return (
    <MatchPopupProvider>
      <TopBar />
      <main id="content">
        <MemberNotices part="Banners" />
        <Outlet />
      </main>
      <Footer />
      <MemberNotices part="PushPrompt" />
      <EntryWarning />
      <SignupModal />
    </MatchPopupProvider>
  );
}
