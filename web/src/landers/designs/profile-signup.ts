/** /members/{id}/signup: the signup form first, the profile beside it. */
import type { DesignView, Lander } from '../context';
import { h } from '../dom';
import { hostedWarning, photo, silhouette } from '../faces';
import { meetTitle, moreFaces, profileHeading, profileHidden } from './profile-parts';

export function render(lander: Lander): DesignView {
  const { t, signup, member, faces } = lander;
  const title = meetTitle(lander);
  const aside = h(
    'div',
    { class: 'signup-profile' },
    h(
      'div',
      { class: 'signup-profile-figure' },
      member ? photo(lander, member, { size: 'full', eager: true }) : silhouette(),
    ),
    h(
      'div',
      { class: 'signup-profile-text' },
      ...(member ? profileHeading(lander, member, 'profile-title') : profileHidden(lander, 'profile-title')),
    ),
  );
  const main = h(
    'main',
    { class: 'design-profile-signup' },
    signup.section({ title, intro: t('signup.intro'), className: 'signup-split', aside }),
    moreFaces(lander, t('profile.more')),
    hostedWarning(lander, faces),
  );
  return { title, main };
}
