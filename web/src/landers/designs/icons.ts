/** Icons: what the product does, one icon per feature, each with faces you could use it with. */
import '../styles/_icons.scss';
import type { ProfileCard } from '@amora/common';
import chatIcon from 'bootstrap-icons/icons/chat-heart-fill.svg?raw';
import compassIcon from 'bootstrap-icons/icons/compass-fill.svg?raw';
import eyeSlashIcon from 'bootstrap-icons/icons/eye-slash-fill.svg?raw';
import fireIcon from 'bootstrap-icons/icons/fire.svg?raw';
import heartIcon from 'bootstrap-icons/icons/heart-fill.svg?raw';
import shieldIcon from 'bootstrap-icons/icons/shield-fill-check.svg?raw';
import type { DesignView, Lander } from '../context';
import { h, icon } from '../dom';
import { hostedMark, hostedWarning, photo, silhouette } from '../faces';
import { joinButton } from '../parts';

const FEATURES = [
  ['chat', chatIcon],
  ['likes', heartIcon],
  ['swipe', fireIcon],
  ['finder', compassIcon],
  ['invisible', eyeSlashIcon],
  ['safety', shieldIcon],
] as const;

const ORBIT = 6;

/** Faces around the brand's heart: decoration, the faces are not named here. */
function orbit(lander: Lander) {
  const { faces } = lander;
  const seats = Array.from({ length: ORBIT }, (_, index) => {
    const face = faces[index];
    return h(
      'span',
      { class: `orbit-seat orbit-seat-${index + 1}` },
      face ? photo(lander, face, { size: 'thumb', eager: true }) : silhouette(),
      face?.hosted ? hostedMark(lander, { compact: true }) : null,
    );
  });
  return h(
    'div',
    { class: 'orbit', 'aria-hidden': 'true' },
    h('span', { class: 'orbit-core' }, icon(heartIcon)),
    ...seats,
  );
}

function featureFaces(lander: Lander, faces: ProfileCard[]) {
  if (faces.length === 0) return null;
  return h(
    'div',
    { class: 'feature-faces', 'aria-hidden': 'true' },
    ...faces.map((face) =>
      h(
        'span',
        { class: 'feature-face' },
        photo(lander, face, { size: 'thumb' }),
        face.hosted ? hostedMark(lander, { compact: true }) : null,
      ),
    ),
  );
}

export function render(lander: Lander): DesignView {
  const { t, signup, faces, settings } = lander;
  const main = h(
    'main',
    { class: 'design-icons' },
    h(
      'section',
      { class: 'icons-hero', 'aria-labelledby': 'icons-title' },
      orbit(lander),
      h(
        'div',
        { class: 'icons-copy' },
        h('h1', { id: 'icons-title' }, t('icons.title')),
        h('p', { class: 'lead' }, t('icons.intro', { site: settings.name })),
        joinButton(lander, t('app:nav.join')),
      ),
    ),
    h(
      'section',
      { class: 'icons-features', 'aria-labelledby': 'icons-features-title' },
      h('h2', { id: 'icons-features-title' }, t('icons.featuresTitle')),
      h(
        'ul',
        { class: 'feature-grid' },
        ...FEATURES.map(([key, svg], index) =>
          h(
            'li',
            { class: `feature feature-${key}` },
            h('span', { class: 'feature-icon' }, icon(svg)),
            h('h3', {}, t(`icons.features.${key}.title`)),
            h('p', {}, t(`icons.features.${key}.text`)),
            featureFaces(lander, faces.slice((index * 2) % Math.max(1, faces.length)).slice(0, 3)),
          ),
        ),
      ),
      hostedWarning(lander, faces),
    ),
    signup.section({ title: t('app:signup.title'), intro: t('signup.intro'), className: 'signup-light' }),
  );
  return { title: t('icons.title'), main };
}
