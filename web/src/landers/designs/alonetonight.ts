/** Alone tonight: an evening sky, faces to say hello to, and why tonight need not stay quiet. */
import '../styles/_tonight.scss';
import chatIcon from 'bootstrap-icons/icons/chat-heart-fill.svg?raw';
import lightningIcon from 'bootstrap-icons/icons/lightning-charge-fill.svg?raw';
import moonIcon from 'bootstrap-icons/icons/moon-stars-fill.svg?raw';
import shieldIcon from 'bootstrap-icons/icons/shield-lock-fill.svg?raw';
import type { DesignView, Lander } from '../context';
import { h, icon } from '../dom';
import { hostedMark, hostedWarning, nameAndAge, photo, placeOf } from '../faces';
import { joinButton, meet, membersOnly } from '../parts';

const REASONS = [
  ['chat', chatIcon],
  ['private', shieldIcon],
  ['free', lightningIcon],
] as const;

function tonightFaces(lander: Lander) {
  const { t, faces } = lander;
  if (faces.length === 0) return membersOnly(lander, 'members-only-dark');
  return h(
    'ul',
    { class: 'tonight-faces', 'aria-label': t('tonight.facesLabel') },
    ...faces.map((face, index) =>
      h(
        'li',
        { class: 'tonight-face' },
        photo(lander, face, { size: 'thumb', eager: index < 3 }),
        h(
          'div',
          { class: 'tonight-face-text' },
          h(
            'h2',
            {},
            h('button', { type: 'button', class: 'stretched', onclick: () => meet(lander, face) }, nameAndAge(face)),
          ),
          h('p', {}, placeOf(lander, face)),
        ),
        face.hosted ? h('div', { class: 'tonight-face-mark' }, hostedMark(lander, { compact: true })) : null,
      ),
    ),
  );
}

export function render(lander: Lander): DesignView {
  const { t, settings, signup, faces } = lander;
  const main = h(
    'main',
    { class: 'design-tonight' },
    h(
      'section',
      { class: 'tonight-hero', 'aria-labelledby': 'tonight-title' },
      h('div', { class: 'tonight-sky', 'aria-hidden': 'true' }),
      h(
        'div',
        { class: 'tonight-copy' },
        h('p', { class: 'eyebrow' }, icon(moonIcon), t('tonight.eyebrow', { site: settings.name })),
        h('h1', { id: 'tonight-title' }, t('tonight.title')),
        h('p', { class: 'lead' }, t('tonight.intro')),
      ),
      tonightFaces(lander),
      h('div', { class: 'tonight-cta' }, joinButton(lander, t('tonight.cta'), 'button-glow')),
      hostedWarning(lander, faces),
    ),
    h(
      'section',
      { class: 'tonight-reasons', 'aria-labelledby': 'tonight-reasons-title' },
      h('h2', { id: 'tonight-reasons-title', class: 'sr-only' }, t('tonight.reasonsTitle')),
      h(
        'ul',
        {},
        ...REASONS.map(([key, svg]) =>
          h(
            'li',
            {},
            h('span', { class: 'reason-icon' }, icon(svg)),
            h('h3', {}, t(`tonight.reasons.${key}.title`)),
            h('p', {}, t(`tonight.reasons.${key}.text`)),
          ),
        ),
      ),
    ),
    signup.section({ title: t('tonight.signupTitle'), intro: t('signup.intro'), className: 'signup-dark' }),
  );
  return { title: t('tonight.title'), main, dark: true };
}
