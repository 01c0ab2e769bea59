/**
 * Map: a stylised map (drawn here, no tiles, nothing fetched) of the visitor's part of the world,
 * with faces pinned on it. Pins stand where they look good, not where anyone lives, and it says so.
 */
import '../styles/_map.scss';
import type { ProfileCard } from '@amora/common';
import geoIcon from 'bootstrap-icons/icons/geo-alt-fill.svg?raw';
import { type DesignView, headline, type Lander } from '../context';
import { h, icon, seeded } from '../dom';
import { hostedMark, hostedWarning, nameAndAge, photo, placeOf } from '../faces';
import { joinButton, meet, membersOnly } from '../parts';

/** Land, water, roads and a river in a 400×500 box: no real country, a feel of one. */
const MAP_ART = `<svg viewBox="0 0 400 500" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false" class="map-art">
<rect width="400" height="500" fill="#cfe9ee"/>
<path d="M40 20 C120 0 220 30 300 10 C360 0 410 40 400 120 C392 190 420 240 380 300 C350 350 390 420 330 470 C270 520 190 480 120 500 C60 515 10 460 20 390 C28 330 -10 280 20 220 C45 170 0 110 40 20 Z" fill="#f4efe6"/>
<path d="M70 70 C130 60 170 110 230 90 C280 75 330 100 340 150 C352 210 300 230 310 290 C320 350 280 400 220 410 C160 420 120 380 90 330 C60 280 100 240 80 190 C62 145 30 80 70 70 Z" fill="#eae3d4"/>
<path d="M-10 300 C60 280 100 330 160 310 C220 290 240 250 300 260 C350 268 380 240 420 250" fill="none" stroke="#a9d6df" stroke-width="10" stroke-linecap="round"/>
<g fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"><path d="M0 150 C100 170 160 140 230 180 S350 200 400 170"/><path d="M120 0 C130 100 160 180 150 260 S170 420 190 500"/><path d="M260 40 C250 120 300 200 280 280 S330 400 300 500"/></g>
<g fill="none" stroke="#e6dcc8" stroke-width="2"><path d="M0 80 L400 60"/><path d="M0 420 L400 380"/><path d="M60 0 L40 500"/><path d="M340 0 L370 500"/></g>
<g fill="#d8ecd0"><circle cx="300" cy="120" r="26"/><circle cx="90" cy="420" r="32"/><circle cx="200" cy="230" r="18"/></g>
</svg>`;

function mapArt() {
  const holder = h('div', { class: 'map-art-holder' });
  holder.innerHTML = MAP_ART;
  return holder;
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/**
 * A pin's spot, in percent of the map: spread around the middle (the visitor) on a sunflower
 * spiral, so pins neither sit on the visitor nor on each other; a little jitter per face.
 */
function spot(face: ProfileCard, index: number, total: number) {
  const angle = index * GOLDEN_ANGLE + seeded(face.id) * 0.3;
  const radius = 17 + 24 * Math.sqrt((index + 0.5) / Math.max(total, 1));
  return { left: 50 + Math.cos(angle) * radius * 1.05, top: 52 + Math.sin(angle) * radius * 0.95 };
}

function pin(lander: Lander, face: ProfileCard, index: number, total: number) {
  const { left, top } = spot(face, index, total);
  const element = h(
    'li',
    { class: 'map-pin' },
    h(
      'button',
      { type: 'button', class: 'map-pin-button', onclick: () => meet(lander, face) },
      photo(lander, face, { size: 'thumb', eager: index < 4 }),
      h('span', { class: 'sr-only' }, `${nameAndAge(face)}, ${placeOf(lander, face)}`),
    ),
    face.hosted ? hostedMark(lander, { compact: true }) : null,
  );
  element.style.setProperty('--left', `${left.toFixed(1)}%`);
  element.style.setProperty('--top', `${top.toFixed(1)}%`);
  element.style.setProperty('--delay', `${index * 70}ms`);
  return element;
}

function countryName({ settings, locale }: Lander): string {
  const code = settings.geoip_selected_country;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function render(lander: Lander): DesignView {
  const { t, signup, faces } = lander;
  const title = headline(lander);
  const where = lander.place?.name ?? countryName(lander);
  const main = h(
    'main',
    { class: 'design-map' },
    h(
      'section',
      { class: 'map-section', 'aria-labelledby': 'map-title' },
      h(
        'div',
        { class: 'map-copy' },
        h('p', { class: 'map-where' }, icon(geoIcon), where),
        h('h1', { id: 'map-title' }, title),
        h('p', { class: 'lead' }, t('map.intro')),
        joinButton(lander, t('app:nav.join'), 'button-primary wide-only'),
      ),
      h(
        'div',
        { class: 'map-frame' },
        mapArt(),
        h('span', { class: 'map-you' }, h('span', { class: 'map-you-dot', 'aria-hidden': 'true' }), t('map.you')),
        faces.length > 0
          ? h(
              'ul',
              { class: 'map-pins', 'aria-label': t('faces.label', { site: lander.settings.name }) },
              ...faces.map((face, index) => pin(lander, face, index, faces.length)),
            )
          : h('div', { class: 'map-locked' }, membersOnly(lander)),
      ),
      h('p', { class: 'map-note' }, t('map.note')),
      hostedWarning(lander, faces),
    ),
    signup.section({ title: t('map.signupTitle'), intro: t('signup.intro'), className: 'signup-light' }),
  );
  return { title, main };
}
