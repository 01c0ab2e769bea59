/** Faces: a profile's photo from the site's photo address, its name and place, and the hosted-profile mark. */
import type { ProfileCard } from '@amora/common';
import infoIcon from 'bootstrap-icons/icons/info-circle.svg?raw';
import personIcon from 'bootstrap-icons/icons/person-fill.svg?raw';
import { photoUrl } from '../../../common/src/lander-pages';
import type { Lander } from './context';
import { h, icon, srOnly } from './dom';
import { capitalised } from './i18n';

/** The square thumbnail's side (members/photos/files.ts). */
const THUMB_SIDE = 360;

interface PhotoOptions {
  size?: 'thumb' | 'full';
  /** The hero's photo loads at once; the others when they come near the screen. */
  eager?: boolean;
  /** Empty where the name is written next to the photo. */
  alt?: string;
  className?: string;
}

/** A profile's main photo, or a silhouette on the photo ground when it has none. */
export function photo(
  lander: Lander,
  face: Pick<ProfileCard, 'name' | 'main_image'>,
  { size = 'thumb', eager = false, alt = '', className = '' }: PhotoOptions = {},
): HTMLElement {
  const image = face.main_image;
  if (!image)
    return h('div', { class: `face-photo face-photo-empty ${className}`, 'aria-hidden': 'true' }, icon(personIcon));
  const thumb = size === 'thumb';
  return h('img', {
    src: photoUrl(lander.settings, image, size),
    alt,
    class: `face-photo ${className}`,
    width: thumb ? THUMB_SIDE : image.width,
    height: thumb ? THUMB_SIDE : image.height,
    loading: eager ? 'eager' : 'lazy',
    decoding: 'async',
    draggable: 'false',
  });
}

/** A silhouette where a face would be: a members-only site shows visitors none. */
export const silhouette = (className = '') =>
  h('div', { class: `face-photo face-photo-empty ${className}`, 'aria-hidden': 'true' }, icon(personIcon));

export const nameAndAge = (face: Pick<ProfileCard, 'name' | 'age'>) => `${face.name}, ${face.age}`;

export const placeOf = ({ t }: Lander, face: Pick<ProfileCard, 'city'>) => face.city ?? t('noCity');

let noteCount = 0;

/**
 * A hosted profile's label, as the app's HostedMark: the site's word in a pill, what it means on a
 * tap, a click or hover. `compact` shows only the site's icon (with the word for screen readers).
 */
export function hostedMark(lander: Lander, { compact = false } = {}): HTMLElement {
  const { settings, t, locale } = lander;
  const word = capitalised(settings.fictional_singular, locale);
  if (compact) return h('span', { class: 'hosted-badge', title: word }, icon(infoIcon), srOnly(word));
  const noteId = `hosted-note-${++noteCount}`;
  const note = h(
    'span',
    { id: noteId, role: 'note', class: 'hosted-note', hidden: true },
    t('hostedNote', { site: settings.name }),
  );
  const setOpen = (open: boolean) => {
    note.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  };
  const button = h(
    'button',
    {
      type: 'button',
      class: 'hosted-pill',
      'aria-expanded': 'false',
      'aria-controls': noteId,
      onclick: (event: Event) => {
        event.preventDefault();
        event.stopPropagation();
        setOpen(true);
      },
      onkeydown: (event: Event) => (event as KeyboardEvent).key === 'Escape' && setOpen(false),
      onpointerenter: (event: Event) => (event as PointerEvent).pointerType === 'mouse' && setOpen(true),
      onpointerleave: (event: Event) => (event as PointerEvent).pointerType === 'mouse' && setOpen(false),
      onblur: () => setOpen(false),
    },
    h('span', { class: 'hosted-pill-label' }, icon(infoIcon), word),
  );
  return h('span', { class: 'hosted-mark' }, button, note);
}

/**
 * The site's own words on what its hosted profiles are, where faces of them are shown, after the
 * label they speak of ("profiles marked with this icon").
 */
export function hostedWarning(
  lander: Lander,
  faces: Pick<ProfileCard, 'hosted'>[],
  { withLabel = true } = {},
): HTMLElement | null {
  if (!faces.some((face) => face.hosted)) return null;
  const { settings, locale } = lander;
  const label = h(
    'span',
    { class: 'hosted-pill-label', 'aria-hidden': 'true' },
    icon(infoIcon),
    capitalised(settings.fictional_singular, locale),
  );
  return h(
    'p',
    { class: 'hosted-warning' },
    withLabel ? label : null,
    withLabel ? ' ' : null,
    settings.fictional_warning,
  );
}
