import { Outlet } from 'react-router';
import { ActivationReminder } from '../../components/ActivationReminder';
import { EntryWarning } from '../../components/EntryWarning';
import { Footer } from '../../components/Footer';
import { ProfilePhotoAlert } from '../../components/ProfilePhotoAlert';
import { TopBar } from '../../components/TopBar';

/** Top bar, banners, the page, footer with disclaimer; the entry warning on top. */
export function DefaultLayout() {
  return (
    <>
      <TopBar />
      <main id="content">
        <ActivationReminder />
        <ProfilePhotoAlert />
        <Outlet />
      </main>
      <Footer />
      <EntryWarning />
    </>
  );
}
