import './settings.scss';
import type { ProfileCard } from '@amora/common';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { useBlock, useBlocks } from '../../api/members';
import { useTranslation } from '../../i18n';
import * as icons from '../../shared/components/icons';
import { Loading } from '../../shared/components/Loading';
import { ProfilePhoto } from '../../shared/components/ProfilePhoto';
import { SettingsSection } from './SettingsSection';

/** The members this member blocked, each to be unblocked again. */
export function BlockedSection() {
  const { t } = useTranslation();
  const blocks = useBlocks();
  const profiles = blocks.data ?? [];
  return (
    <SettingsSection
      id="blocked"
      icon={icons.blocked}
      title={t('settings.blocked.title')}
      value={blocks.data && t('settings.blocked.count', { count: profiles.length })}
    >
      {blocks.isPending && <Loading />}
      {blocks.data && profiles.length === 0 && <p className="mb-0">{t('settings.blocked.none')}</p>}
      {profiles.length > 0 && (
        <>
          <p>{t('settings.blocked.intro')}</p>
          <ul className="list-unstyled blocked-list mb-0">
            {profiles.map((profile) => (
              <BlockedMember key={profile.id} profile={profile} />
            ))}
          </ul>
        </>
      )}
    </SettingsSection>
  );
}

function BlockedMember({ profile }: { profile: ProfileCard }) {
  const { t } = useTranslation();
  const unblock = useBlock(profile.id);
  return (
    <li className="blocked-member">
      <Link to={`/members/${profile.id}`} className="blocked-member-link">
        <ProfilePhoto image={profile.main_image} name={profile.name} alt="" thumb className="blocked-member-photo" />
        <span>
          {profile.name}, {profile.age}
        </span>
      </Link>
      <Button
        variant="outline-primary"
        size="sm"
        disabled={unblock.isPending}
        onClick={() => unblock.mutate(false)}
        aria-label={t('settings.blocked.unblock', { name: profile.name })}
      >
        {t('members:member.unblock')}
      </Button>
    </li>
  );
}
