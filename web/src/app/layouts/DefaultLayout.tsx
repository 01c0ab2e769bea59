import { Outlet } from 'react-router';
import { SignupModal } from '../../features/accounts/SignupModal';
import { EntryWarning } from '../../shared/components/EntryWarning';
import { Footer } from '../../shared/components/Footer';
import { MatchPopupProvider } from './MatchPopupProvider';
import { useMemberChrome } from './member-chrome';
import { TopBar } from './TopBar';

/** A member's banners. */
function MemberNotices({ part }: { part: 'Banners' }) {
  const member = useMemberChrome();
  const Notices = member?.[part];
  return Notices ? <Notices /> : null;
}

/** Top bar, the banners, the page, footer with disclaimer; the entry warning, the signup dialog and the match popup (also the like modal) on top. */
export function DefaultLayout() {
  return (
    <MatchPopupProvider>
      <TopBar />
      <main id="content">
        <MemberNotices part="Banners" />
        <Outlet />
      </main>
      <Footer />
      <EntryWarning />
      <SignupModal />
    </MatchPopupProvider>
  );
}
