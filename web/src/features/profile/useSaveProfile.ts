import type { OwnProfile, ProfileUpdate } from '@amora/common';
import { useState } from 'react';
import { useProfileUpdate } from '../../api/members';
import { useTranslation } from '../../i18n';
import type { FormAlertState } from '../../shared/forms/form';

/** A form for one part of the profile, in /profile or as a complete-signup step. */
export interface ProfilePartProps {
  profile: OwnProfile;
  /** The button's text; a step says 'Save and continue'. */
  submitLabel?: string;
  /** Runs after a save instead of the 'Saved' message, e.g. to go to the next step. */
  onSaved?: () => void;
  /**
   * On /profile every part reports its changes here and the page saves them all with one button;
   * without it (a complete-signup step) the part saves itself.
   */
  onDraft?: (change: ProfileUpdate) => void;
}

/** Saves part of the profile and says how it went; `then` runs after a successful save. `save` tells whether it was saved. */
export function useSaveProfile(then?: () => void) {
  const { t } = useTranslation('members');
  const update = useProfileUpdate();
  const [alert, setAlert] = useState<FormAlertState | null>(null);
  const save = async (change: ProfileUpdate): Promise<boolean> => {
    setAlert(null);
    try {
      await update.mutateAsync(change);
      if (then) then();
      else setAlert({ variant: 'success', message: t('profile.saved') });
      return true;
    } catch (error) {
      setAlert({ variant: 'danger', message: (error as Error).message });
      return false;
    }
  };
  return { save, alert, busy: update.isPending };
}
