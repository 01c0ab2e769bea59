import { type MemberProfile, PROFILE_DETAIL_FIELDS } from '@amora/common';
import { useInterests, useSettings } from '../../api/hooks';
import { useTranslation } from '../../i18n';

export interface DetailRow {
  field: string;
  label: string;
  text: string;
}

/** The detail fields the site shows (visible_profile_fields) that the profile filled in, in the page's language. */
export function useDetailRows(profile: MemberProfile): DetailRow[] {
  const { t } = useTranslation('members');
  const { data: settings } = useSettings();
  const visible = PROFILE_DETAIL_FIELDS.filter((field) => settings?.visible_profile_fields.includes(field));
  return visible.flatMap((field) => {
    const value = profile[field];
    if (!value) return [];
    return [{ field, label: t(`fields.${field}`), text: field === 'city' ? value : t(`values.${field}.${value}`) }];
  });
}

export function ProfileDetails({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className="profile-details">
      {rows.map((row) => (
        <div key={row.field}>
          <dt>{row.label}</dt>
          <dd>{row.text}</dd>
        </div>
      ))}
    </dl>
  );
}

export function InterestList({ ids }: { ids: string[] }) {
  const { data: interests = [] } = useInterests();
  const names = ids.map((id) => interests.find((interest) => interest.id === id)?.name ?? id);
  return (
    <ul className="list-inline mb-0">
      {names.map((name) => (
        <li key={name} className="list-inline-item badge rounded-pill text-bg-light border mb-1">
          {name}
        </li>
      ))}
    </ul>
  );
}
