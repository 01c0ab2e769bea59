/**
 * Transitions: faces full screen, one after another with a slow zoom and a cross-fade. It can be
 * paused; with reduced motion it neither moves nor advances by itself.
 */
import '../styles/_slides.scss';
import type { ProfileCard } from '@amora/common';
import prevIcon from 'bootstrap-icons/icons/chevron-left.svg?raw';
import nextIcon from 'bootstrap-icons/icons/chevron-right.svg?raw';
import geoIcon from 'bootstrap-icons/icons/geo-alt-fill.svg?raw';
import pauseIcon from 'bootstrap-icons/icons/pause-fill.svg?raw';
import playIcon from 'bootstrap-icons/icons/play-fill.svg?raw';
import type { DesignView, Lander } from '../context';
import { h, icon, reducedMotion } from '../dom';
import { hostedMark, hostedWarning, nameAndAge, photo, placeOf } from '../faces';
import { joinButton, membersOnly } from '../parts';

const SLIDE_MS = 5000;

function slide(lander: Lander, face: ProfileCard, index: number, total: number) {
  return h(
    'li',
    {
      class: 'slide',
      'aria-roledescription': lander.t('slides.slide'),
      'aria-label': lander.t('slides.position', { current: index + 1, total }),
    },
    photo(lander, face, { size: 'full', eager: index === 0 }),
    h(
      'div',
      { class: 'slide-text' },
      h('h2', {}, nameAndAge(face)),
      h('p', {}, icon(geoIcon), placeOf(lander, face)),
      face.hosted ? hostedMark(lander) : null,
    ),
  );
}

function stage(lander: Lander) {
  const { t, faces } = lander;
  const slides = faces.map((face, index) => slide(lander, face, index, faces.length));
  const bars = faces.map(() => h('span', { class: 'slides-bar' }, h('span', {})));
  const backdrop = h('div', { class: 'slides-backdrop', 'aria-hidden': 'true' });
  let current = -1;
  let playing = !reducedMotion();
  let timer: number | undefined;
  // What is left of the current slide's time, so a pause for reading does not cut it short.
  let startedAt = 0;
  let remaining = SLIDE_MS;

  const toggle = h('button', { type: 'button', class: 'slides-control' });
  const showToggle = () =>
    toggle.replaceChildren(icon(playing ? pauseIcon : playIcon, t(playing ? 'slides.pause' : 'slides.play')));

  function show(index: number) {
    const count = slides.length;
    current = ((index % count) + count) % count;
    slides.forEach((element, position) => {
      element.classList.toggle('is-current', position === current);
      element.toggleAttribute('inert', position !== current);
    });
    bars.forEach((bar, position) => {
      bar.classList.remove('is-current');
      bar.classList.toggle('is-done', position < current);
    });
    // Its bar fills again from the start.
    void bars[current]?.offsetWidth;
    bars[current]?.classList.add('is-current');
    const image = slides[current]?.querySelector('img');
    backdrop.replaceChildren(...(image ? [image.cloneNode() as HTMLElement] : []));
    schedule(SLIDE_MS);
  }

  function schedule(ms: number) {
    clearTimeout(timer);
    startedAt = performance.now();
    remaining = ms;
    if (playing) timer = window.setTimeout(() => show(current + 1), ms);
  }

  toggle.addEventListener('click', () => {
    playing = !playing;
    frame.classList.toggle('is-paused', !playing);
    showToggle();
    if (playing) show(current + 1);
    else clearTimeout(timer);
  });
  showToggle();

  const frame = h(
    'div',
    { class: `slides-frame${playing ? '' : ' is-paused'}` },
    h('div', { class: 'slides-bars', 'aria-hidden': 'true' }, ...bars),
    h('ul', { class: 'slides', 'aria-live': 'off' }, ...slides),
    h(
      'div',
      { class: 'slides-controls' },
      h(
        'button',
        { type: 'button', class: 'slides-control', onclick: () => show(current - 1) },
        icon(prevIcon, t('slides.previous')),
      ),
      toggle,
      h(
        'button',
        { type: 'button', class: 'slides-control', onclick: () => show(current + 1) },
        icon(nextIcon, t('slides.next')),
      ),
    ),
  );
  // Someone reading a slide keeps it: hovering or focusing inside pauses the show.
  const hold = (held: boolean) => {
    if (!playing || frame.classList.contains('is-held') === held) return;
    frame.classList.toggle('is-held', held);
    if (held) {
      clearTimeout(timer);
      remaining -= performance.now() - startedAt;
    } else {
      schedule(Math.max(500, remaining));
    }
  };
  frame.addEventListener('pointerenter', (event) => event.pointerType === 'mouse' && hold(true));
  frame.addEventListener('pointerleave', (event) => event.pointerType === 'mouse' && hold(false));
  frame.addEventListener('focusin', () => hold(true));
  frame.addEventListener('focusout', () => hold(false));

  show(0);
  return h(
    'div',
    {
      class: 'slides-stage',
      role: 'region',
      'aria-roledescription': t('slides.carousel'),
      'aria-label': t('slides.label'),
    },
    backdrop,
    frame,
  );
}

export function render(lander: Lander): DesignView {
  const { t, signup, faces } = lander;
  const main = h(
    'main',
    { class: 'design-slides' },
    h(
      'section',
      { class: 'slides-hero', 'aria-labelledby': 'slides-title' },
      faces.length > 0
        ? stage(lander)
        : h('div', { class: 'slides-stage slides-empty' }, membersOnly(lander, 'members-only-dark')),
      h(
        'div',
        { class: 'slides-copy' },
        h('h1', { id: 'slides-title' }, t('slides.title')),
        h('p', { class: 'lead' }, t('slides.intro')),
        joinButton(lander, t('app:nav.join'), 'button-glow'),
        hostedWarning(lander, faces),
      ),
    ),
    signup.section({ title: t('app:signup.title'), intro: t('signup.intro'), className: 'signup-dark' }),
  );
  return { title: t('slides.title'), main, dark: true };
}
