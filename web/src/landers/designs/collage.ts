/** Collage: a wall of faces behind the page, the signup card in front of it. */
import '../styles/_collage.scss';
import checkIcon from 'bootstrap-icons/icons/check-circle-fill.svg?raw';
import { type DesignView, headline, type Lander } from '../context';
import { h, icon } from '../dom';
import { hostedMark, hostedWarning, photo, silhouette } from '../faces';
import { membersOnlyText } from '../parts';

const WALL_TILES = 40;
const BENEFITS = ['free', 'near', 'private'] as const;

/** The wall is decoration: the faces on it are named nowhere, so it is hidden from screen readers. */
function wall(lander: Lander) {
  const { faces } = lander;
  const tiles = Array.from({ length: WALL_TILES }, (_, index) => {
    const face = faces.length > 0 ? faces[index % faces.length] : undefined;
    return h(
      'div',
      { class: `collage-tile${face ? '' : ' collage-tile-empty'}` },
      face ? photo(lander, face, { size: 'thumb', eager: index < 8 }) : silhouette(),
      face?.hosted ? hostedMark(lander, { compact: true }) : null,
    );
  });
  return h('div', { class: 'collage-wall', 'aria-hidden': 'true' }, ...tiles);
}

export function render(lander: Lander): DesignView {
  const { t, signup, faces } = lander;
  const title = headline(lander);
  const main = h(
    'main',
    { class: 'design-collage' },
    h(
      'div',
      { class: 'collage-hero' },
      wall(lander),
      h(
        'div',
        { class: 'collage-content' },
        h(
          'section',
          { class: 'collage-copy', 'aria-labelledby': 'collage-title' },
          h('h1', { id: 'collage-title' }, title),
          h('p', { class: 'lead' }, t('collage.intro')),
          h(
            'ul',
            { class: 'collage-benefits' },
            ...BENEFITS.map((key) => h('li', {}, icon(checkIcon), t(`collage.benefits.${key}`))),
          ),
        ),
        signup.section({ title: t('app:signup.title'), intro: t('signup.intro'), className: 'signup-floating' }),
      ),
    ),
    h(
      'div',
      { class: 'collage-foot' },
      faces.length > 0 ? hostedWarning(lander, faces) : h('p', {}, membersOnlyText(lander)),
    ),
  );
  return { title, main };
}
