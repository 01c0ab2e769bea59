/**
 * Video: the look of a video call, face to face with a member's photo (no video is played or
 * recorded), a call button that leads to the signup and a button to see the next face.
 */
import '../styles/_video.scss';
import type { ProfileCard } from '@amora/common';
import nextIcon from 'bootstrap-icons/icons/arrow-repeat.svg?raw';
import cameraIcon from 'bootstrap-icons/icons/camera-video-fill.svg?raw';
import geoIcon from 'bootstrap-icons/icons/geo-alt-fill.svg?raw';
import micIcon from 'bootstrap-icons/icons/mic-fill.svg?raw';
import personIcon from 'bootstrap-icons/icons/person-fill.svg?raw';
import phoneIcon from 'bootstrap-icons/icons/telephone-fill.svg?raw';
import type { DesignView, Lander } from '../context';
import { h, icon } from '../dom';
import { hostedMark, hostedWarning, nameAndAge, photo, placeOf, silhouette } from '../faces';
import { KEEPS_JOIN_AWAY } from '../layout';
import { joinButton, meet, membersOnlyText } from '../parts';

function screen(lander: Lander) {
  const { t, faces } = lander;
  let index = 0;
  const picture = h('div', { class: 'call-picture' });
  const who = h('div', { class: 'call-who', 'aria-live': 'polite' });
  const call = h('button', { type: 'button', class: 'call-button call-button-start' });
  const next = h(
    'button',
    { type: 'button', class: 'call-button call-button-next', onclick: () => showFace(index + 1) },
    icon(nextIcon),
    h('span', {}, t('video.next')),
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
    call.replaceChildren(
      icon(phoneIcon),
      h('span', {}, face ? t('video.call', { name: face.name }) : t('app:nav.join')),
    );
    call.onclick = () => (face ? meet(lander, face) : lander.signup.open());
  }
  showFace(0);

  return h(
    'div',
    { class: 'call-screen' },
    picture,
    h('div', { class: 'call-shade', 'aria-hidden': 'true' }),
    h('p', { class: 'call-badge' }, icon(cameraIcon), t('video.badge')),
    who,
    h('div', { class: 'call-self', 'aria-hidden': 'true' }, icon(personIcon), h('span', {}, t('video.you'))),
    h(
      'div',
      { class: `call-controls ${KEEPS_JOIN_AWAY}` },
      h('span', { class: 'call-dot', 'aria-hidden': 'true' }, icon(micIcon)),
      call,
      faces.length > 1 ? next : h('span', { class: 'call-dot', 'aria-hidden': 'true' }, icon(cameraIcon)),
    ),
  );
}

export function render(lander: Lander): DesignView {
  const { t, signup, faces } = lander;
  const main = h(
    'main',
    { class: 'design-video' },
    h(
      'section',
      { class: 'call-section', 'aria-labelledby': 'video-title' },
      h(
        'div',
        { class: 'call-copy' },
        h('h1', { id: 'video-title' }, t('video.title')),
        h('p', { class: 'lead' }, t('video.intro')),
        joinButton(lander, t('app:nav.join'), 'button-glow wide-only'),
      ),
      screen(lander),
      h(
        'div',
        { class: 'call-notes' },
        h('p', { class: 'call-note' }, t('video.note', { site: lander.settings.name })),
        hostedWarning(lander, faces),
      ),
    ),
    signup.section({ title: t('app:signup.title'), intro: t('signup.intro'), className: 'signup-dark' }),
  );
  return { title: t('video.title'), main, dark: true };
}
