import type { MemberProfile } from '@amora/common';
import { useSettings } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { HostedBadge } from '../../shared/components/HostedMark';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { useCountryName } from '../../shared/hooks/useCountryName';

/**
 * Who this is, at the top of the profile where no bar covers it: the name, a hosted profile's label
 * with what it means written beside it, and the age and the place as chips. The other details
 * come between the photos.
 */
export function MemberIdentity({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('members');
  const { data: settings } = useSettings();
  const countryName = useCountryName();
  const place = [profile.city, profile.country && countryName(profile.country)].filter(Boolean).join(', ');
  return (
    <header className="member-identity">
      <h1 className="member-name">
        {profile.name}
        {profile.hosted && settings && (
          <span className="member-hosted">
            <HostedBadge />
          </span>
        )}
      </h1>
      {profile.hosted && settings && (
        <p className="member-hosted-note">{t('card.hostedNote', { site: settings.name })}</p>
      )}
      <ul className="member-chips list-unstyled">
        <li className="member-chip">
          <Icon svg={icons.age} />
          {t('member.age', { count: profile.age })}
        </li>
        {place && (
          <li className="member-chip">
            <Icon svg={icons.place} />
            {place}
          </li>
        )}
      </ul>
    </header>
  );
}
