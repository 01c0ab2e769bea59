import { ActivationReminder, useActivationReminder } from '../../components/ActivationReminder';
import { ProfilePhotoAlert, useProfilePhotoAlert } from '../../components/ProfilePhotoAlert';
import { TimeBonus, useTimeBonusBanner } from '../../pages/credits/TimeBonus';
import { MailOffAlert, useMailOffAlert } from '../../pages/notifications/MailOffAlert';
import { firstBanner } from './first-banner';

/**
 * The default layout's banners (SPEC §2), one at a time so that on a phone the page still shows
 * above the fold: the first due in this order. Once it is closed or no longer due, the next shows.
 */
export function Banners() {
  const activation = useActivationReminder();
  const timeBonus = useTimeBonusBanner();
  const photo = useProfilePhotoAlert();
  const mailOff = useMailOffAlert();
  return firstBanner([
    activation && <ActivationReminder {...activation} />,
    timeBonus && <TimeBonus {...timeBonus} />,
    photo && <ProfilePhotoAlert {...photo} />,
    mailOff && <MailOffAlert {...mailOff} />,
  ]);
}
