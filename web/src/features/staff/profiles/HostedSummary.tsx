import { PROFILE_CHOICES, type ProfileChoiceField } from '@amora/common';
import { formatDate } from '../../../i18n/format';
import { useStaffWords } from '../shared/words';
import { type Profile, readable } from './profile-draft';

/** The details as operators read them. */
export function Summary({ profile }: { profile: Profile }) {
  const { t, locale } = useStaffWords();
  const facts: [string, string | null][] = [
    [t('profiles.born'), formatDate(`${profile.date_of_birth}T12:00:00`, locale)],
    ...(Object.keys(PROFILE_CHOICES) as ProfileChoiceField[]).map((field): [string, string | null] => [
      t(`profiles.choices.${field}`),
      profile[field] && readable(profile[field]),
    ]),
    [t('profiles.livesIn'), [profile.city, profile.region, profile.country].filter(Boolean).join(', ') || null],
    [t('profiles.interests'), profile.interests.map(readable).join(', ') || null],
  ];
  return (
    <section className="staff-card" aria-label={t('profiles.details')}>
      <h2 className="h6">{t('profiles.details')}</h2>
      <dl className="staff-persona-facts">
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {profile.about && <p className="staff-persona-story mb-0">{profile.about}</p>}
    </section>
  );
}
