import type { OwnProfile } from '@amora/common';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/form';
import { useSaveProfile } from './useSaveProfile';

/** Invisible mode: the member leaves search and others' likes lists, and can still browse. */
export function InvisibleSwitch({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation('members');
  const { save, alert, busy } = useSaveProfile();
  return (
    <>
      <FormAlert alert={alert} />
      <Form.Check
        type="switch"
        id="profile-invisible"
        label={t('profile.invisible')}
        checked={profile.invisible}
        disabled={busy}
        onChange={(e) => void save({ invisible: e.target.checked })}
      />
      <p className="small text-body-secondary mt-2 mb-0">{t('profile.invisibleHelp')}</p>
    </>
  );
}
