import { TimeBonus, useTimeBonusBanner } from '../../features/credits/TimeBonus';
import { MailOffAlert, useMailOffAlert } from '../../features/notifications/MailOffAlert';
import {
  ActivationReminder,
  activationAsModal,
  useActivationReminder,
} from '../../shared/components/ActivationReminder';
import { ExportReadyAlert, useExportReadyAlert } from '../../shared/components/ExportReadyAlert';
import { ProfilePhotoAlert, useProfilePhotoAlert } from '../../shared/components/ProfilePhotoAlert';
import { firstBanner } from './first-banner';

/**
 * The default layout's banners (SPEC §2). The time bonus shows beside the others: it runs only in
 * a member's first four hours, the very hours the activation reminder is open (SPEC §9). The others
 * show one at a time, so that on a phone the page still shows above the fold: the first due in this
 * order, the news that the member's data is ready first (it came just now, while they look). Once it is closed or no longer due, the next shows.
 */
export function Banners() {
  const activation = useActivationReminder();
  const timeBonus = useTimeBonusBanner();
  const photo = useProfilePhotoAlert();
  const mailOff = useMailOffAlert();
  const exportReady = useExportReadyAlert();
  return (
    <>
      {firstBanner([
        exportReady && <ExportReadyAlert {...exportReady} />,
        activation && <ActivationReminder {...activation} />,
        photo && <ProfilePhotoAlert {...photo} />,
        mailOff && <MailOffAlert {...mailOff} />,
      ])}
      {/* One modal at a time: the bonus waits as a banner while the reminder's modal is open. */}
      {timeBonus && <TimeBonus {...timeBonus} asModal={timeBonus.asModal && !(activation && activationAsModal())} />}
    </>
  );
}
