import {
  type HostedProfileDetail,
  type NewHostedProfile,
  PROFILE_CHOICES,
  type ProfileChoiceField,
} from '@amora/common';

/** A stored value as staff read it: "long_term" → "Long term". */
export const readable = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replaceAll('_', ' ');

export type Profile = HostedProfileDetail['profile'];
export type Draft = Record<
  ProfileChoiceField | 'name' | 'date_of_birth' | 'country' | 'region' | 'city' | 'about',
  string
> & {
  interests: string[];
};

export const draftOf = (profile?: Profile): Draft => ({
  name: profile?.name ?? '',
  date_of_birth: profile?.date_of_birth ?? '',
  country: profile?.country ?? '',
  region: profile?.region ?? '',
  city: profile?.city ?? '',
  about: profile?.about ?? '',
  interests: profile?.interests ?? [],
  ...(Object.fromEntries(
    (Object.keys(PROFILE_CHOICES) as ProfileChoiceField[]).map((field) => [field, profile?.[field] ?? '']),
  ) as Record<ProfileChoiceField, string>),
});

/** The draft as the API takes it: empty choices are none. The server checks every value. */
export function detailsOf(draft: Draft): Omit<NewHostedProfile, 'site'> {
  const orNull = (value: string) => value.trim() || null;
  const choices = Object.fromEntries(
    (Object.keys(PROFILE_CHOICES) as ProfileChoiceField[]).map((field) => [field, orNull(draft[field])]),
  );
  return {
    ...choices,
    gender: draft.gender,
    name: draft.name,
    date_of_birth: draft.date_of_birth,
    about: draft.about,
    interests: draft.interests,
    country: orNull(draft.country.toUpperCase()),
    region: orNull(draft.region.toUpperCase()),
    city: orNull(draft.city),
  } as Omit<NewHostedProfile, 'site'>;
}
