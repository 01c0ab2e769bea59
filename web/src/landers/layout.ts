/** The lander layout of SPEC §2: the brand bar with logo and site name, the footer, and a join button in thumb reach. */
import type { CompanyInfo } from '@amora/common';
import personPlusIcon from 'bootstrap-icons/icons/person-plus-fill.svg?raw';
import { displayPhone } from '../../../common/src/validation';
import { footerPages } from '../../../common/src/web-routes';
import type { Lander } from './context';
import { h, icon } from './dom';

/** The brand mark of web/src/shared/components/Logo.tsx: a heart in a speech bubble on the brand gradient. */
const LOGO_MARK = `<svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false" class="logo-mark">
<defs><linearGradient id="lander-logo-gradient" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff5c8a"/><stop offset="1" stop-color="#7b2fa8"/></linearGradient></defs>
<rect width="32" height="32" rx="9" fill="url(#lander-logo-gradient)"/>
<path d="M16 6.5c-5.8 0-10 3.9-10 8.6 0 2.6 1.3 4.9 3.4 6.5l-.9 3.9 4.3-2.2c1 .3 2.1.4 3.2.4 5.8 0 10-3.9 10-8.6S21.8 6.5 16 6.5Z" fill="#fff"/>
<path d="M16 19.6s-4.6-2.7-4.6-5.6a2.3 2.3 0 0 1 4.6-.6 2.3 2.3 0 0 1 4.6.6c0 2.9-4.6 5.6-4.6 5.6Z" fill="#e0457b"/></svg>`;

function logoMark(): HTMLElement {
  const holder = h('span', { class: 'brand-mark' });
  holder.innerHTML = LOGO_MARK;
  return holder;
}

export function navbar({ t, settings }: Lander, dark = false): HTMLElement {
  return h(
    'header',
    { class: `lander-nav${dark ? ' lander-nav-dark' : ''}` },
    h(
      'nav',
      { class: 'lander-nav-inner', 'aria-label': t('nav.label') },
      h('a', { href: '/', class: 'brand' }, logoMark(), h('span', { class: 'brand-name' }, settings.name)),
      h('a', { href: '/login', class: 'nav-login' }, t('app:nav.login')),
    ),
  );
}

function companyLine({ t }: Lander, company: CompanyInfo): HTMLElement {
  const phone = displayPhone(company.support_phone);
  return h(
    'p',
    { class: 'footer-company' },
    `© ${new Date().getFullYear()} ${company.name} · ${company.address}, ${company.city} · `,
    t('app:footer.kvk', { kvk: company.kvk }),
    company.vat_numbers.length > 0 ? ` · ${t('app:footer.vat', { vat: company.vat_numbers.join(', ') })}` : '',
    phone ? ` · ${t('app:footer.phone')} ` : '',
    phone ? h('a', { href: `tel:${phone}` }, phone) : '',
  );
}

export function footer(lander: Lander, company: CompanyInfo | null): HTMLElement {
  const { t, settings } = lander;
  const links: [string, string][] = [
    ...footerPages(lander.locale).map((slug): [string, string] => [`/pages/${slug}`, t(`pages:${slug}.title`)]),
    ['/pricing', t('app:footer.pricing')],
    ['/complaints', t('app:footer.complaints')],
    [`mailto:${settings.support_email}`, t('app:footer.support')],
  ];
  return h(
    'footer',
    { class: 'lander-footer' },
    h(
      'div',
      { class: 'lander-footer-inner' },
      h(
        'nav',
        { 'aria-label': t('app:footer.label') },
        h('ul', { class: 'footer-links' }, ...links.map(([href, label]) => h('li', {}, h('a', { href }, label)))),
      ),
      company ? companyLine(lander, company) : null,
      h('p', { class: 'footer-disclaimer' }, t('app:footer.disclaimer')),
    ),
  );
}

/** Marks an element that, while on screen, already offers the way on: the join bar steps aside for it. */
export const KEEPS_JOIN_AWAY = 'keeps-join-away';

/**
 * On a phone, the way to join sits at the bottom of the screen where a thumb reaches it; it steps
 * aside while the signup form, or another way on (a join button, the swipe buttons), is on screen.
 */
export function stickyJoin({ t, signup }: Lander, main: HTMLElement): HTMLElement | null {
  if (!signup.accepting) return null;
  const bar = h(
    'div',
    { class: 'sticky-join' },
    h(
      'button',
      { type: 'button', class: 'button button-primary button-block', onclick: () => signup.open() },
      icon(personPlusIcon),
      t('app:nav.join'),
    ),
  );
  const inView = new Set<Element>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) inView.add(entry.target);
        else inView.delete(entry.target);
      }
      bar.classList.toggle('is-away', inView.size > 0);
    },
    { threshold: 0.15 },
  );
  for (const element of main.querySelectorAll(`#signup, .${KEEPS_JOIN_AWAY}`)) observer.observe(element);
  return bar;
}
