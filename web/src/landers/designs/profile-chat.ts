/**
 * /members/{id}/landing3: an empty conversation with the profile. The visitor picks a first message
 * from a few suggestions (theirs to send, not the profile's words) and signs up to send it.
 */
import type { MemberProfile } from '@amora/common';
import lightbulbIcon from 'bootstrap-icons/icons/lightbulb-fill.svg?raw';
import lockIcon from 'bootstrap-icons/icons/lock-fill.svg?raw';
import sendIcon from 'bootstrap-icons/icons/send-fill.svg?raw';
import type { DesignView, Lander } from '../context';
import { h, icon } from '../dom';
import { hostedMark, hostedWarning, photo, placeOf, silhouette } from '../faces';
import { KEEPS_JOIN_AWAY } from '../layout';
import { meetTitle, moreFaces, profileAbout } from './profile-parts';

const STARTERS = ['weekend', 'travel', 'food', 'smile'] as const;

function conversation(lander: Lander, member: MemberProfile | null) {
  const { t, signup } = lander;
  const name = member?.name ?? '';
  const draft = h('div', { class: 'chat-drafts', 'aria-live': 'polite' });
  const pick = (text: string) => {
    draft.replaceChildren(
      h('p', { class: 'chat-bubble chat-bubble-mine' }, text),
      h('p', { class: 'chat-bubble-status' }, icon(lockIcon), t('chat.unsent')),
    );
    signup.openDialog(meetTitle(lander));
  };
  return h(
    'div',
    { class: 'chat-window' },
    h(
      'header',
      { class: 'chat-head' },
      member
        ? photo(lander, member, { size: 'thumb', eager: true, className: 'chat-avatar' })
        : silhouette('chat-avatar'),
      h(
        'div',
        { class: 'chat-who' },
        h('p', { class: 'chat-name' }, member ? `${member.name}, ${member.age}` : t('profile.hiddenTitle')),
        member ? h('p', { class: 'chat-place' }, placeOf(lander, member)) : null,
      ),
      member?.hosted ? hostedMark(lander) : null,
    ),
    h(
      'div',
      { class: 'chat-body' },
      h('p', { class: 'chat-system' }, member ? t('chat.empty', { name }) : t('profile.hiddenText')),
      draft,
      h(
        'div',
        { class: 'chat-starters' },
        h('p', { class: 'chat-starters-title' }, icon(lightbulbIcon), t('chat.pick')),
        h(
          'ul',
          {},
          ...STARTERS.map((key) => {
            const text = t(`starters.${key}`);
            return h('li', {}, h('button', { type: 'button', class: 'chat-starter', onclick: () => pick(text) }, text));
          }),
        ),
      ),
    ),
    h(
      'footer',
      { class: `chat-compose ${KEEPS_JOIN_AWAY}` },
      h(
        'button',
        { type: 'button', class: 'chat-compose-field', onclick: () => signup.openDialog(meetTitle(lander)) },
        member ? t('chat.write', { name }) : t('app:nav.join'),
      ),
      h('span', { class: 'chat-send', 'aria-hidden': 'true' }, icon(sendIcon)),
    ),
  );
}

export function render(lander: Lander): DesignView {
  const { t, signup, member, faces } = lander;
  const title = member ? t('chat.title', { name: member.name }) : t('profile.hiddenTitle');
  const main = h(
    'main',
    { class: 'design-chat' },
    h(
      'section',
      { class: 'chat-section', 'aria-labelledby': 'chat-title' },
      h(
        'div',
        { class: 'chat-copy' },
        h('h1', { id: 'chat-title' }, title),
        h('p', { class: 'lead' }, t('chat.intro')),
      ),
      conversation(lander, member),
      member ? hostedWarning(lander, [member]) : null,
      member ? h('div', { class: 'chat-about' }, ...profileAbout(lander, member)) : null,
    ),
    moreFaces(lander, t('profile.more')),
    hostedWarning(lander, faces),
    signup.section({ title: meetTitle(lander), intro: t('signup.intro'), className: 'signup-light' }),
  );
  return { title, main };
}
