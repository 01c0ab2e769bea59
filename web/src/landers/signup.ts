/**
 * The signup every lander ends in: the form in a section the design places, or over the page in a
 * dialog when a face is tapped. Where the site admits no signup from this visitor, its notice
 * stands in for the form.
 */
import closeIcon from 'bootstrap-icons/icons/x-lg.svg?raw';
import { visitorMaySignUp } from '../../../common/src/validation';
import { storedTracking } from '../features/accounts/tracking';
import { append, h, icon, reducedMotion } from './dom';
import type { Translate } from './i18n';
import { createForm, type FormOptions } from './signup-form';

export interface Signup {
  /** Whether the site takes this visitor's signup; otherwise its notice stands where the form would. */
  readonly accepting: boolean;
  /** A section with a heading around the form, for the design to place; made once. */
  section(options: { title: string; intro?: string; className?: string; aside?: HTMLElement | null }): HTMLElement;
  /** Brings the form into view and puts the cursor in its first field. */
  open(): void;
  /** Shows the form over the page in a dialog (a tapped face), with a title and perhaps the face. */
  openDialog(title: string, face?: HTMLElement | null): void;
}

/** Where the site admits no signup from this visitor: its notice, and the way in for members. */
function closedNotice(t: Translate) {
  return h(
    'div',
    { class: 'signup-closed' },
    h('p', {}, t('errors:signup_closed')),
    h(
      'p',
      { class: 'signup-closed-login' },
      t('app:signup.haveAccount'),
      ' ',
      h('a', { href: '/login' }, t('app:nav.login')),
    ),
  );
}

export function createSignup(options: FormOptions): Signup {
  const { t } = options;
  const accepting = visitorMaySignUp(options.settings, storedTracking());
  // The form (its date selects ask Intl for the locale's months, a slow first call) is built just
  // after the page is first painted, or at once when it is asked for before.
  let made: ReturnType<typeof createForm> | null = null;
  let closed: HTMLElement | null = null;
  const form = () => {
    made ??= createForm(options);
    return made;
  };
  const body = () => {
    if (accepting) return form().form;
    closed ??= closedNotice(t);
    return closed;
  };
  const login = h(
    'p',
    { class: 'signup-login' },
    t('app:signup.haveAccount'),
    ' ',
    h('a', { href: '/login' }, t('app:nav.login')),
  );
  let home: HTMLElement | null = null;
  let dialog: HTMLDialogElement | null = null;
  // The form's place in the page; a dialog borrows the form and gives it back, with what was typed.
  const slot = h('div', { class: 'signup-slot' });

  const focusForm = () => (accepting ? form().focus() : undefined);
  const placeForm = () => slot.append(body(), ...(accepting ? [login] : []));

  function section({ title, intro, className = '', aside = null }: Parameters<Signup['section']>[0]) {
    requestAnimationFrame(() => setTimeout(() => slot.childElementCount === 0 && placeForm()));
    // No invitation to sign up above a notice that signing up is closed.
    if (!accepting) {
      title = t('signup.closedTitle');
      intro = undefined;
    }
    home = h(
      'section',
      { class: `signup ${className}`, id: 'signup', 'aria-labelledby': 'signup-title', tabindex: '-1' },
      aside,
      h(
        'div',
        { class: 'signup-card' },
        h('h2', { class: 'signup-title', id: 'signup-title' }, title),
        intro ? h('p', { class: 'signup-intro' }, intro) : null,
        slot,
      ),
    );
    return home;
  }

  function openDialog(title: string, face: HTMLElement | null = null) {
    if (!dialog) {
      dialog = h('dialog', { class: 'signup-dialog', 'aria-labelledby': 'signup-dialog-title' });
      dialog.addEventListener('close', placeForm);
      dialog.addEventListener('click', (event) => {
        if (event.target === dialog) dialog?.close();
      });
      document.body.append(dialog);
    }
    const close = h(
      'button',
      { type: 'button', class: 'dialog-close', onclick: () => dialog?.close() },
      icon(closeIcon, t('app:common.close')),
    );
    dialog.replaceChildren();
    append(
      dialog,
      close,
      face,
      h('h2', { class: 'signup-title', id: 'signup-dialog-title' }, title),
      body(),
      accepting ? login : null,
    );
    dialog.showModal();
    focusForm();
  }

  return {
    accepting,
    section,
    openDialog,
    open() {
      if (!home) return;
      if (slot.childElementCount === 0) placeForm();
      home.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
      if (accepting) focusForm();
      else home.focus({ preventScroll: true });
    },
  };
}
