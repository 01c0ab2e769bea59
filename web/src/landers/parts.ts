/** Pieces several designs share: a face tile that opens the signup, a row of faces, the no-faces note, a join button. */
import type { ProfileCard } from '@amora/common';
import type { Lander } from './context';
import { h, icon } from './dom';
import { hostedMark, nameAndAge, photo, placeOf } from './faces';
import { KEEPS_JOIN_AWAY } from './layout';

/** Opens the signup in a dialog over the page, with the face that was tapped. */
export function meet(lander: Lander, face: ProfileCard) {
  const figure = h(
    'div',
    { class: 'dialog-face' },
    photo(lander, face, { size: 'thumb', alt: '' }),
    h('p', { class: 'dialog-face-name' }, nameAndAge(face), face.hosted ? hostedMark(lander, { compact: true }) : null),
  );
  lander.signup.openDialog(lander.t('meet', { name: face.name }), figure);
}

/**
 * A portrait tile of a face: the photo edge to edge, name, age and place over it; the whole tile
 * opens the signup (a button stretched over it, so the hosted label stays a control of its own).
 */
export function faceTile(lander: Lander, face: ProfileCard, { eager = false, heading = 'h2' as 'h2' | 'h3' } = {}) {
  return h(
    'article',
    { class: 'face-tile' },
    photo(lander, face, { size: 'thumb', eager }),
    h(
      'div',
      { class: 'face-tile-text' },
      h(
        heading,
        { class: 'face-tile-name' },
        h('button', { type: 'button', class: 'stretched', onclick: () => meet(lander, face) }, nameAndAge(face)),
      ),
      h('p', { class: 'face-tile-place' }, placeOf(lander, face)),
    ),
    face.hosted ? h('div', { class: 'face-tile-marks' }, hostedMark(lander)) : null,
  );
}

/** Round faces in a row, each opening the signup; the site's icon marks hosted ones. */
export function faceRow(lander: Lander, faces: ProfileCard[], label: string, className = '') {
  return h(
    'ul',
    { class: `face-row ${className}`, 'aria-label': label },
    ...faces.map((face) =>
      h(
        'li',
        {},
        h(
          'button',
          { type: 'button', class: 'face-round', onclick: () => meet(lander, face) },
          h('span', { class: 'face-round-ring' }, photo(lander, face, { size: 'thumb' })),
          h('span', { class: 'face-round-name' }, face.name),
          face.hosted ? hostedMark(lander, { compact: true }) : null,
        ),
      ),
    ),
  );
}

/** Where the site shows visitors no faces: that they are for members, and, if it takes signups, to sign up. */
export const membersOnlyText = ({ t, signup }: Lander) =>
  t(signup.accepting ? 'faces.membersOnly' : 'faces.membersOnlyClosed');

export function membersOnly(lander: Lander, className = '') {
  return h('p', { class: `members-only ${className}` }, membersOnlyText(lander));
}

/** A button that brings the signup form into view; where the site takes no signup from this visitor, the way to log in. */
export function joinButton(lander: Lander, label: string, className = 'button-primary', svg?: string) {
  const classes = `button ${className} ${KEEPS_JOIN_AWAY}`;
  if (!lander.signup.accepting) return h('a', { href: '/login', class: classes }, lander.t('app:nav.login'));
  return h(
    'button',
    { type: 'button', class: classes, onclick: () => lander.signup.open() },
    svg ? icon(svg) : null,
    label,
  );
}
