import type { OwnProfile } from '@amora/common';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import { Switch } from '../../shared/components/Switch';
import { FormAlert } from '../../shared/forms/form';
import { useSaveProfile } from './useSaveProfile';

/** Invisible mode: the member leaves search and others' likes lists, and can still browse. */
export function InvisibleSwitch({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation('members');
  const { save, alert, busy } = useSaveProfile();
  // Shows the choice at once and keeps it until the saved profile says the same, so the switch
  // never flips back for a moment; a failed save shows what holds again.
  const [choice, setChoice] = useState<boolean | null>(null);
  useEffect(() => {
    if (choice === profile.invisible) setChoice(null);
  }, [choice, profile.invisible]);
  const toggle = async (invisible: boolean) => {
    setChoice(invisible);
    if (!(await save({ invisible }))) setChoice(null);
  };
  return (
    <>
      <FormAlert alert={alert} />
      <Switch
        id="profile-invisible"
        label={t('profile.invisible')}
        checked={choice ?? profile.invisible}
        disabled={busy}
        onChange={(e) => void toggle(e.target.checked)}
      />
      <p className="small text-body-secondary mt-2 mb-0">{t('profile.invisibleHelp')}</p>
    </>
  );
}
