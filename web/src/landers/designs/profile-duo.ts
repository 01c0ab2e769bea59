/** /members/{id}/landing2: the profile and the visitor side by side, a heart between: what could be. */
import heartIcon from 'bootstrap-icons/icons/heart-fill.svg?raw';
import personIcon from 'bootstrap-icons/icons/person-fill.svg?raw';
import type { DesignView, Lander } from '../context';
import { h, icon } from '../dom';
import { hostedWarning, photo, silhouette } from '../faces';
import { joinButton } from '../parts';
import { meetTitle, moreFaces, profileAbout, profileHeading } from './profile-parts';

export function render(lander: Lander): DesignView {
  const { t, signup, member, faces } = lander;
  const title = member ? t('duo.title', { name: member.name }) : t('profile.hiddenTitle');
  const pair = h(
    'div',
    { class: 'duo-pair', 'aria-hidden': 'true' },
    h(
      'div',
      { class: 'duo-card duo-them' },
      member ? photo(lander, member, { size: 'full', eager: true }) : silhouette(),
    ),
    h('span', { class: 'duo-heart' }, icon(heartIcon)),
    h('div', { class: 'duo-card duo-you' }, icon(personIcon), h('span', {}, t('duo.you'))),
  );
  const main = h(
    'main',
    { class: 'design-duo' },
    h(
      'section',
      { class: 'duo-hero', 'aria-labelledby': 'duo-title' },
      pair,
      h('h1', { id: 'duo-title' }, title),
      h('p', { class: 'lead' }, member ? t('duo.intro') : t('profile.hiddenText')),
      joinButton(lander, meetTitle(lander), 'button-light'),
    ),
    member
      ? h(
          'section',
          { class: 'duo-details', 'aria-label': t('profile.about', { name: member.name }) },
          ...profileHeading(lander, member, 'duo-name').map((node) => {
            // The page has its heading above; here the name is a subheading.
            if (node?.tagName === 'H1')
              return h('h2', { class: 'profile-name', id: 'duo-name' }, node.textContent ?? '');
            return node;
          }),
          ...profileAbout(lander, member),
        )
      : null,
    moreFaces(lander, t('profile.more')),
    hostedWarning(lander, faces),
    signup.section({ title: meetTitle(lander), intro: t('signup.intro'), className: 'signup-light' }),
  );
  return { title, main };
}
