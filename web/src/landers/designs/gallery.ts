/** Gallery: a grid of faces; tapping one opens the signup to meet them. */
import '../styles/_gallery.scss';
import { type DesignView, headline, type Lander } from '../context';
import { h } from '../dom';
import { hostedWarning, silhouette } from '../faces';
import { faceTile, joinButton, membersOnlyText } from '../parts';

/** Silhouettes where a members-only site shows a visitor no faces, with what signing up shows. */
function lockedGrid(lander: Lander) {
  const { t } = lander;
  return h(
    'div',
    { class: 'gallery-locked' },
    h(
      'div',
      { class: 'gallery-grid', 'aria-hidden': 'true' },
      ...Array.from({ length: 8 }, () => silhouette('gallery-ghost')),
    ),
    h('div', { class: 'gallery-locked-note' }, joinButton(lander, t('app:nav.join'))),
  );
}

export function render(lander: Lander): DesignView {
  const { t, signup, faces } = lander;
  const title = headline(lander);
  const main = h(
    'main',
    { class: 'design-gallery' },
    h(
      'section',
      { class: 'gallery', 'aria-labelledby': 'gallery-title' },
      h(
        'div',
        { class: 'gallery-head' },
        h('h1', { id: 'gallery-title' }, title),
        h('p', { class: 'lead' }, faces.length > 0 ? t('gallery.intro') : membersOnlyText(lander)),
      ),
      faces.length > 0
        ? h(
            'ul',
            { class: 'gallery-grid', 'aria-label': t('faces.label', { site: lander.settings.name }) },
            ...faces.map((face, index) => h('li', {}, faceTile(lander, face, { eager: index < 4 }))),
          )
        : lockedGrid(lander),
      hostedWarning(lander, faces),
    ),
    signup.section({ title: t('app:signup.title'), intro: t('signup.intro'), className: 'signup-light' }),
  );
  return { title, main };
}
