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

/** Fields whose answer says what it is: "Man" needs no "I am" before it. */
const SELF_EXPLAINED = ['gender'];

/** Each detail a chip: what it is, small, and the answer. */
export function DetailChips({ rows }: { rows: DetailRow[] }) {
  return (
    <ul className="member-chips list-unstyled">
      {rows.map((row) => (
        <li key={row.field} className="member-chip">
          {!SELF_EXPLAINED.includes(row.field) && <span className="member-chip-label">{row.label}</span>} {row.text}
        </li>
      ))}
    </ul>
  );
}

/** The interests as chips in the body's size, to be read at a glance. */
export function InterestList({ ids }: { ids: string[] }) {
  const { data: interests = [] } = useInterests();
  const names = ids.map((id) => interests.find((interest) => interest.id === id)?.name ?? id);
  return (
    <ul className="member-chips list-unstyled">
      {names.map((name) => (
        <li key={name} className="member-chip">
          {name}
        </li>
      ))}
    </ul>
  );
}
