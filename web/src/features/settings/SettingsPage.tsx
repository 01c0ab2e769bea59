import './settings.scss';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useMember } from '../accounts/member-context';
import { NotificationChoices } from '../notifications/NotificationChoices';
import { PushSection } from '../notifications/PushSection';
import { InvisibleSwitch } from '../profile/InvisibleSwitch';
import { BlockedSection } from './BlockedSection';
import { EmailSection } from './EmailSection';
import { ExportSection } from './ExportSection';
import { PasskeysSection } from './PasskeysSection';
import { PasswordSection } from './PasswordSection';
import { SessionsSection } from './SessionsSection';
import { SettingsSection } from './SettingsSection';

/**
 * Settings (/notifications): a list of sections, each opening in place, and what the member hears
 * about by email and push; deleting the account has its own page.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const user = useMember();
  useDocumentTitle(t('settings.title'));
  return (
    <Container className="page page-reading">
      <PageTitle title={t('settings.title')} />
      <div className="settings-list">
        <EmailSection user={user} />
        <PasswordSection user={user} />
        <PasskeysSection />
        <SessionsSection />
        <ExportSection />
        <PushSection />
        <SettingsSection
          id="privacy"
          icon={icons.invisible}
          title={t('settings.privacy.title')}
          value={user.profile.invisible ? t('settings.privacy.on') : t('settings.privacy.off')}
        >
          <InvisibleSwitch profile={user.profile} />
        </SettingsSection>
        <BlockedSection />
      </div>
      <div className="settings-card mt-4">
        <NotificationChoices />
      </div>
      <div className="settings-list mt-4">
        <Link to="/notifications/delete-account" className="settings-row-link">
          <span className="settings-row-icon settings-row-icon-danger">
            <Icon svg={icons.trash} />
          </span>
          <span className="settings-row-title">{t('settings.delete.title')}</span>
          <Icon svg={icons.next} className="settings-row-chevron" />
        </Link>
      </div>
    </Container>
  );
}
