/**
 * Video (the design's name): one member at a time, as a large portrait photo with name, age and
 * place, shown as what it is: a profile, not a call. No call controls, no camera preview; the
 * buttons say what they do: see the next profile, or sign up to send a message.
 */
import '../styles/_video.scss';
import type { ProfileCard } from '@amora/common';
import nextIcon from 'bootstrap-icons/icons/arrow-right.svg?raw';
import chatIcon from 'bootstrap-icons/icons/chat-heart-fill.svg?raw';
import geoIcon from 'bootstrap-icons/icons/geo-alt-fill.svg?raw';
import type { DesignView, Lander } from '../context';
import { h, icon } from '../dom';
import { hostedMark, hostedWarning, nameAndAge, photo, placeOf, silhouette } from '../faces';
import { KEEPS_JOIN_AWAY } from '../layout';
import { joinButton, meet, membersOnlyText } from '../parts';

function stage(lander: Lander) {
  const { t, faces } = lander;
  let index = 0;
  const picture = h('div', { class: 'stage-picture' });
  const who = h('div', { class: 'stage-who', 'aria-live': 'polite' });
  const write = h('button', { type: 'button', class: 'button button-glow' });
  const next = h(
    'button',
    { type: 'button', class: 'button button-light', onclick: () => showFace(index + 1) },
    h('span', {}, t('video.next')),
    icon(nextIcon),
  );

  function showFace(position: number) {
    const face: ProfileCard | undefined = faces.length > 0 ? faces[position % faces.length] : undefined;
    index = position;
    picture.replaceChildren(face ? photo(lander, face, { size: 'full', eager: position === 0 }) : silhouette());
    who.replaceChildren(
      ...(face
        ? [
            h('h2', {}, nameAndAge(face)),
            h('p', {}, icon(geoIcon), placeOf(lander, face)),
            face.hosted ? hostedMark(lander) : null,
          ]
        : [h('p', {}, membersOnlyText(lander))]
      ).filter((node): node is HTMLElement => node !== null),
    );
    write.replaceChildren(icon(chatIcon), h('span', {}, face ? t('video.message') : t('app:nav.join')));
    write.onclick = () => (face ? meet(lander, face) : lander.signup.open());
  }
  showFace(0);

  return h(
    'div',
    { class: 'stage' },
    h('div', { class: 'stage-photo' }, picture, h('div', { class: 'stage-shade', 'aria-hidden': 'true' }), who),
    h('div', { class: `stage-actions ${KEEPS_JOIN_AWAY}` }, faces.length > 1 ? next : null, write),
  );
}

export function render(lander: Lander): DesignView {
  const { t, signup, faces } = lander;
  const main = h(
    'main',
    { class: 'design-video' },
    h(
      'section',
      { class: 'stage-section', 'aria-labelledby': 'video-title' },
      h(
        'div',
        { class: 'stage-copy' },
        h('h1', { id: 'video-title' }, t('video.title')),
        h('p', { class: 'lead' }, t('video.intro')),
        joinButton(lander, t('app:nav.join'), 'button-glow wide-only'),
      ),
      stage(lander),
      h(
        'div',
        { class: 'stage-notes' },
        h('p', { class: 'stage-note' }, t('video.note', { site: lander.settings.name })),
        hostedWarning(lander, faces),
      ),
    ),
    signup.section({ title: t('app:signup.title'), intro: t('signup.intro'), className: 'signup-dark' }),
  );
  return { title: t('video.title'), main, dark: true };
}
