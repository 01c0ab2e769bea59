/** What the profile landers share: the profile's name, place and words, its label, and more faces. */
import '../styles/_profile.scss';
import type { MemberProfile } from '@amora/common';
import cameraIcon from 'bootstrap-icons/icons/camera-fill.svg?raw';
import geoIcon from 'bootstrap-icons/icons/geo-alt-fill.svg?raw';
import lockIcon from 'bootstrap-icons/icons/lock-fill.svg?raw';
import type { Lander } from '../context';
import { h, icon } from '../dom';
import { hostedMark, hostedWarning, placeOf } from '../faces';
import { faceTile } from '../parts';

const ABOUT_SHOWN = 280;

/** Name and age as the page's heading, the place, and the hosted label with the site's warning. */
export function profileHeading(lander: Lander, member: MemberProfile, headingId: string) {
  return [
    h('h1', { id: headingId, class: 'profile-name' }, `${member.name}, ${member.age}`),
    h('p', { class: 'profile-place' }, icon(geoIcon), placeOf(lander, member)),
    member.hosted ? h('div', { class: 'profile-mark' }, hostedMark(lander)) : null,
    // The label is right above: the site's words follow it.
    hostedWarning(lander, [member], { withLabel: false }),
  ];
}

/** The start of the profile's own text, as its page shows it, and how many photos signing up shows. */
export function profileAbout(lander: Lander, member: MemberProfile) {
  const { t } = lander;
  const about = member.about.trim();
  const shown = about.length > ABOUT_SHOWN ? `${about.slice(0, ABOUT_SHOWN).trimEnd()}…` : about;
  return [
    shown ? h('h2', { class: 'profile-about-title' }, t('profile.about', { name: member.name })) : null,
    shown ? h('p', { class: 'profile-about' }, shown) : null,
    member.photos_for_members > 0
      ? h(
          'p',
          { class: 'profile-photos' },
          icon(cameraIcon),
          t('profile.morePhotos', { count: member.photos_for_members }),
        )
      : null,
  ];
}

/** Where the profile is not for visitors' eyes (a members-only site) or is gone. */
export function profileHidden({ t }: Lander, headingId: string) {
  return [
    h('span', { class: 'profile-hidden-icon' }, icon(lockIcon)),
    h('h1', { id: headingId, class: 'profile-name' }, t('profile.hiddenTitle')),
    h('p', { class: 'lead' }, t('profile.hiddenText')),
  ];
}

export function moreFaces(lander: Lander, title: string) {
  const { faces } = lander;
  if (faces.length === 0) return null;
  return h(
    'section',
    { class: 'more-faces', 'aria-labelledby': 'more-faces-title' },
    h('h2', { id: 'more-faces-title' }, title),
    h(
      'ul',
      { class: 'gallery-grid gallery-grid-small' },
      ...faces.map((face) => h('li', {}, faceTile(lander, face, { heading: 'h3' }))),
    ),
  );
}

/** Where a profile's signup leads: "Sign up to meet Anna", or the plain title without a profile. */
export const meetTitle = ({ t, member }: Lander) => (member ? t('meet', { name: member.name }) : t('app:signup.title'));
