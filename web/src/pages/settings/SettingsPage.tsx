import Container from 'react-bootstrap/Container';
import { useTranslation } from 'react-i18next';
import { useMember } from '../../app/RequireMember';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { InvisibleSwitch } from '../profile/InvisibleSwitch';
import { DeleteAccountSection } from './DeleteAccountSection';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { SettingsCard } from './SettingsCard';

/** Settings (/notifications): the account part; notification preferences join it later. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const user = useMember();
  useDocumentTitle(t('settings.title'));
  return (
    <Container className="py-4" style={{ maxWidth: 720 }}>
      <h1 className="h2 mb-4">{t('settings.title')}</h1>
      <EmailSection user={user} />
      <PasswordSection />
      <SettingsCard id="privacy" title={t('settings.privacy.title')}>
        <InvisibleSwitch profile={user.profile} />
      </SettingsCard>
      <DeleteAccountSection />
    </Container>
  );
}
