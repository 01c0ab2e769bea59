/** /members/{id}/landing: one profile as the hero, a few more faces, then the signup to meet them. */
import heartIcon from 'bootstrap-icons/icons/heart-fill.svg?raw';
import type { DesignView, Lander } from '../context';
import { h } from '../dom';
import { hostedWarning, photo, silhouette } from '../faces';
import { joinButton } from '../parts';
import { meetTitle, moreFaces, profileAbout, profileHeading, profileHidden } from './profile-parts';

export function render(lander: Lander): DesignView {
  const { t, signup, member, faces } = lander;
  const title = meetTitle(lander);
  const hero = h(
    'section',
    { class: 'profile-hero', 'aria-labelledby': 'profile-title' },
    h('div', { class: 'profile-figure' }, member ? photo(lander, member, { size: 'full', eager: true }) : silhouette()),
    h(
      'div',
      { class: 'profile-info' },
      ...(member
        ? [...profileHeading(lander, member, 'profile-title'), ...profileAbout(lander, member)]
        : profileHidden(lander, 'profile-title')),
      joinButton(lander, title, 'button-primary button-large', heartIcon),
    ),
  );
  const main = h(
    'main',
    { class: 'design-profile' },
    hero,
    moreFaces(lander, t('profile.more')),
    hostedWarning(lander, faces),
    signup.section({ title, intro: t('signup.intro'), className: 'signup-light' }),
  );
  return { title: member ? `${member.name}, ${member.age}` : t('profile.hiddenTitle'), main };
}
