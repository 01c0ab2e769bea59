import { TimeBonus, useTimeBonusBanner } from '../../features/credits/TimeBonus';
import { MailOffAlert, useMailOffAlert } from '../../features/notifications/MailOffAlert';
import { ActivationReminder, useActivationReminder } from '../../shared/components/ActivationReminder';
import { ExportReadyAlert, useExportReadyAlert } from '../../shared/components/ExportReadyAlert';
import { ProfilePhotoAlert, useProfilePhotoAlert } from '../../shared/components/ProfilePhotoAlert';
import { firstBanner } from './first-banner';

/**
 * The default layout's banners (SPEC §2) share one slot at the top of the content, so that a phone's
 * first screen still shows the page (issue 51): the first due in this order shows; once it is closed
 * or no longer due, the next. The news that the member's data is ready first (it came just now,
 * while they look); then what keeps a member from being seen (activation, a photo) and from hearing
 * of replies (mail off); the offer last. The push prompt is no banner: it comes in the chat, where
 * a reply is awaited.
 */
export function Banners() {
  const exportReady = useExportReadyAlert();
  const activation = useActivationReminder();
  const photo = useProfilePhotoAlert();
  const mailOff = useMailOffAlert();
  // The offer's modal waits for its turn too: it counts its 40 s only once nothing comes before it.
  const timeBonus = useTimeBonusBanner([exportReady, activation, photo, mailOff].every((banner) => banner === null));
  return firstBanner([
    exportReady && <ExportReadyAlert {...exportReady} />,
    activation && <ActivationReminder {...activation} />,
    photo && <ProfilePhotoAlert {...photo} />,
    mailOff && <MailOffAlert {...mailOff} />,
    timeBonus && <TimeBonus {...timeBonus} />,
  ]);
}
