import { PROFILE_CHOICES, type ProfileChoiceField } from '@amora/common';
import { CHOICE_LABELS, type Profile, readable } from './profile-draft';

/** The details as operators read them. */
export function Summary({ profile }: { profile: Profile }) {
  const facts: [string, string | null][] = [
    ['Born', profile.date_of_birth],
    ...(Object.keys(PROFILE_CHOICES) as ProfileChoiceField[]).map((field): [string, string | null] => [
      CHOICE_LABELS[field],
      profile[field] && readable(profile[field]),
    ]),
    ['Lives in', [profile.city, profile.region, profile.country].filter(Boolean).join(', ') || null],
    ['Interests', profile.interests.map(readable).join(', ') || null],
  ];
  return (
    <section className="staff-card" aria-label="Details">
      <h2 className="h6">Details</h2>
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
