/**
 * Tinderswipe: a stack of cards to drag right (like) or left (pass), with buttons and the arrow keys
 * doing the same. After a few swipes the likes wait for a signup.
 */
import '../styles/_swipe.scss';
import type { ProfileCard } from '@amora/common';
import checkIcon from 'bootstrap-icons/icons/check-circle-fill.svg?raw';
import geoIcon from 'bootstrap-icons/icons/geo-alt-fill.svg?raw';
import heartIcon from 'bootstrap-icons/icons/heart-fill.svg?raw';
import closeIcon from 'bootstrap-icons/icons/x-lg.svg?raw';
import type { DesignView, Lander } from '../context';
import { append, h, icon, reducedMotion } from '../dom';
import { hostedMark, hostedWarning, nameAndAge, photo, placeOf } from '../faces';
import { KEEPS_JOIN_AWAY } from '../layout';
import { joinButton, membersOnlyText } from '../parts';

/** Swipes before the likes wait for a signup. */
const SWIPES_BEFORE_SIGNUP = 4;
/** How far a card must be dragged (px) to count, or how fast (px/ms) it must be flung. */
const DRAG_DECIDES = 110;
const FLING_DECIDES = 0.6;
const VISIBLE_CARDS = 3;
const BENEFITS = ['free', 'near', 'private'] as const;

type Choice = 'like' | 'nope';

function card(lander: Lander, face: ProfileCard, index: number) {
  const { t } = lander;
  return h(
    'article',
    { class: 'swipe-card', inert: index > 0 },
    photo(lander, face, { size: 'full', eager: index < 2 }),
    h('span', { class: 'swipe-stamp swipe-stamp-like', 'aria-hidden': 'true' }, t('swipe.like')),
    h('span', { class: 'swipe-stamp swipe-stamp-nope', 'aria-hidden': 'true' }, t('swipe.nope')),
    h(
      'div',
      { class: 'swipe-card-text' },
      h('h2', { class: 'swipe-card-name' }, nameAndAge(face)),
      h('p', { class: 'swipe-card-place' }, icon(geoIcon), placeOf(lander, face)),
    ),
    face.hosted ? h('div', { class: 'swipe-card-marks' }, hostedMark(lander)) : null,
  );
}

export function render(lander: Lander): DesignView {
  const { t, faces, signup } = lander;
  const liked: ProfileCard[] = [];
  let swipes = 0;

  const live = h('p', { class: 'sr-only', 'aria-live': 'polite' });
  const cards = faces.map((face, index) => card(lander, face, index));
  const stack = h(
    'div',
    {
      class: 'swipe-stack',
      role: 'group',
      tabindex: '0',
      'aria-label': t('swipe.stackLabel'),
      'aria-describedby': 'swipe-keys',
    },
    ...cards.slice(0, VISIBLE_CARDS).reverse(),
  );
  const likeButton = h(
    'button',
    { type: 'button', class: 'swipe-button swipe-button-like', onclick: () => decide('like') },
    icon(heartIcon, t('swipe.like')),
  );
  const nopeButton = h(
    'button',
    { type: 'button', class: 'swipe-button swipe-button-nope', onclick: () => decide('nope') },
    icon(closeIcon, t('swipe.nope')),
  );
  const actions = h('div', { class: `swipe-actions ${KEEPS_JOIN_AWAY}` }, nopeButton, likeButton);
  const done = h('div', { class: `swipe-done ${KEEPS_JOIN_AWAY}`, hidden: true, tabindex: '-1' });

  const top = () => cards[swipes];

  /** Puts the next cards in the stack, the top one the only one read out. */
  function restack() {
    const shown = cards.slice(swipes, swipes + VISIBLE_CARDS);
    stack.replaceChildren(...[...shown].reverse());
    shown.forEach((element, depth) => {
      element.dataset.depth = String(depth);
      // Only the top card is read out and reachable; the ones under it are a picture of what comes.
      element.inert = depth !== 0;
    });
  }

  function finish() {
    const count = liked.length;
    done.replaceChildren();
    append(
      done,
      h('span', { class: 'swipe-done-icon' }, icon(heartIcon)),
      faces.length > 0 ? h('h2', {}, t('swipe.waiting', { count })) : h('h2', {}, t('swipe.membersOnlyTitle')),
      h('p', {}, faces.length > 0 ? t('swipe.waitingText', { count }) : membersOnlyText(lander)),
      liked.length > 0
        ? h(
            'ul',
            { class: 'swipe-done-faces', 'aria-label': t('swipe.yourLikes') },
            ...liked.slice(0, 4).map((face) => h('li', {}, photo(lander, face, { alt: face.name }))),
          )
        : null,
      signup.accepting
        ? h(
            'button',
            { type: 'button', class: 'button button-primary button-block', onclick: () => signup.open() },
            t('swipe.seeWho'),
          )
        : joinButton(lander, '', 'button-primary button-block'),
    );
    stack.hidden = true;
    actions.hidden = true;
    done.hidden = false;
  }

  function decide(choice: Choice, fromDrag = false) {
    const current = top();
    const face = faces[swipes];
    if (!current || !face || stack.hidden) return;
    if (choice === 'like') liked.push(face);
    live.textContent = t(choice === 'like' ? 'swipe.liked' : 'swipe.passed', { name: face.name });
    swipes += 1;
    const away = () => {
      restack();
      if (swipes >= Math.min(SWIPES_BEFORE_SIGNUP, faces.length)) {
        finish();
        if (!fromDrag) done.focus();
      }
    };
    if (reducedMotion()) {
      away();
      return;
    }
    current.classList.add('is-leaving', `is-leaving-${choice}`);
    current.style.removeProperty('transform');
    setTimeout(away, 280);
  }

  // Dragging the top card: it follows the pointer and tilts; far or fast enough decides.
  let start: { x: number; y: number; time: number; id: number } | null = null;
  stack.addEventListener('pointerdown', (event) => {
    const current = top();
    if (!current || !event.isPrimary || !(event.target instanceof Node) || !current.contains(event.target)) return;
    if ((event.target as Element).closest('.hosted-mark')) return;
    start = { x: event.clientX, y: event.clientY, time: event.timeStamp, id: event.pointerId };
    current.setPointerCapture(event.pointerId);
    current.classList.add('is-dragging');
  });
  stack.addEventListener('pointermove', (event) => {
    const current = top();
    if (!start || !current || event.pointerId !== start.id) return;
    const dx = event.clientX - start.x;
    const dy = (event.clientY - start.y) * 0.25;
    current.style.setProperty('transform', `translate(${dx}px, ${dy}px) rotate(${dx / 18}deg)`);
    current.style.setProperty('--like', String(Math.max(0, Math.min(1, dx / DRAG_DECIDES))));
    current.style.setProperty('--nope', String(Math.max(0, Math.min(1, -dx / DRAG_DECIDES))));
  });
  const release = (event: PointerEvent) => {
    const current = top();
    if (!start || !current || event.pointerId !== start.id) return;
    const dx = event.clientX - start.x;
    const speed = Math.abs(dx) / Math.max(1, event.timeStamp - start.time);
    start = null;
    current.classList.remove('is-dragging');
    current.style.removeProperty('--like');
    current.style.removeProperty('--nope');
    if (Math.abs(dx) >= DRAG_DECIDES || (Math.abs(dx) > 30 && speed > FLING_DECIDES)) {
      decide(dx > 0 ? 'like' : 'nope', true);
    } else {
      current.style.removeProperty('transform');
    }
  };
  stack.addEventListener('pointerup', release);
  stack.addEventListener('pointercancel', release);
  stack.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowRight') decide('like');
    else if (event.key === 'ArrowLeft') decide('nope');
    else return;
    event.preventDefault();
  });

  restack();
  if (faces.length === 0) finish();

  const main = h(
    'main',
    { class: 'design-swipe' },
    h(
      'section',
      { class: 'swipe-hero', 'aria-labelledby': 'swipe-title' },
      h('h1', { id: 'swipe-title', class: 'swipe-title' }, t('swipe.title')),
      h('p', { class: 'swipe-intro' }, t('swipe.intro')),
      h('div', { class: 'swipe-area' }, stack, done, actions),
      h(
        'ul',
        { class: 'swipe-benefits' },
        ...BENEFITS.map((key) => h('li', {}, icon(checkIcon), t(`collage.benefits.${key}`))),
      ),
      h('p', { id: 'swipe-keys', class: 'swipe-keys' }, t('swipe.keys')),
      live,
      hostedWarning(lander, faces),
    ),
    signup.section({ title: t('app:signup.title'), intro: t('signup.intro'), className: 'signup-light' }),
  );
  return { title: t('swipe.title'), main };
}
