/**
 * Social network: a feed of faces. Each post carries a conversation starter the site suggests for
 * the visitor to send, marked as such: no member is made to say anything.
 */
import '../styles/_social.scss';
import type { ProfileCard } from '@amora/common';
import chatIcon from 'bootstrap-icons/icons/chat-fill.svg?raw';
import geoIcon from 'bootstrap-icons/icons/geo-alt-fill.svg?raw';
import heartIcon from 'bootstrap-icons/icons/heart.svg?raw';
import lightbulbIcon from 'bootstrap-icons/icons/lightbulb-fill.svg?raw';
import { type DesignView, headline, type Lander } from '../context';
import { h, icon } from '../dom';
import { hostedMark, hostedWarning, nameAndAge, photo, placeOf } from '../faces';
import { faceRow, meet, membersOnly } from '../parts';

const STARTERS = ['weekend', 'travel', 'food', 'music', 'sunday', 'smile'] as const;

function post(lander: Lander, face: ProfileCard, index: number) {
  const { t } = lander;
  const starter = t(`starters.${STARTERS[index % STARTERS.length]}`);
  const headingId = `post-${face.id}`;
  return h(
    'article',
    { class: 'post', 'aria-labelledby': headingId },
    h(
      'header',
      { class: 'post-head' },
      photo(lander, face, { size: 'thumb', className: 'post-avatar' }),
      h(
        'div',
        { class: 'post-who' },
        h('h2', { id: headingId, class: 'post-name' }, nameAndAge(face)),
        h('p', { class: 'post-place' }, icon(geoIcon), placeOf(lander, face)),
      ),
      face.hosted ? hostedMark(lander) : null,
    ),
    photo(lander, face, { size: 'full', eager: index === 0, className: 'post-photo' }),
    h(
      'div',
      { class: 'post-body' },
      h('p', { class: 'post-label' }, icon(lightbulbIcon), t('social.starterLabel')),
      h('p', { class: 'post-starter' }, t('social.starter', { text: starter })),
    ),
    h(
      'footer',
      { class: 'post-actions' },
      h(
        'button',
        { type: 'button', class: 'post-action', onclick: () => meet(lander, face) },
        icon(heartIcon),
        t('social.like'),
      ),
      h(
        'button',
        { type: 'button', class: 'post-action post-action-primary', onclick: () => meet(lander, face) },
        icon(chatIcon),
        t('social.write', { name: face.name }),
      ),
    ),
  );
}

export function render(lander: Lander): DesignView {
  const { t, signup, faces, settings } = lander;
  const title = headline(lander);
  const main = h(
    'main',
    { class: 'design-social' },
    h(
      'div',
      { class: 'social-layout' },
      h(
        'section',
        { class: 'social-feed', 'aria-labelledby': 'social-title' },
        h('h1', { id: 'social-title' }, title),
        h('p', { class: 'lead' }, t('social.intro', { site: settings.name })),
        faces.length > 0
          ? faceRow(lander, faces.slice(0, 8), t('faces.label', { site: settings.name }), 'social-stories')
          : null,
        faces.length > 0
          ? h('p', { class: 'social-note' }, t('social.note', { site: settings.name }))
          : membersOnly(lander),
        ...faces.map((face, index) => post(lander, face, index)),
        hostedWarning(lander, faces),
      ),
      signup.section({ title: t('app:signup.title'), intro: t('social.signupIntro'), className: 'signup-aside' }),
    ),
  );
  return { title, main };
}
