/**
 * The signup form: checked in the browser by the rules the API uses (common/src/validation.ts),
 * sent to signup.php with the tracking of the first visit, and the server's refusals shown at
 * their fields, in the visitor's language.
 */
import type { Locale, Settings } from '@amora/common';
import eyeIcon from 'bootstrap-icons/icons/eye.svg?raw';
import eyeSlashIcon from 'bootstrap-icons/icons/eye-slash.svg?raw';
import {
  FIELD_MESSAGE_VALUES,
  MAX_AGE,
  MIN_AGE,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../common/src/constants';
import { birthDateProblem, isValidEmail, profileNameProblem } from '../../../common/src/validation';
import { storedTracking } from '../features/accounts/tracking';
import { regionalLocale } from '../i18n/format';
import { CallFailed, postJson } from './api';
import { type DatePart, datePartOrder, longDate, monthNames } from './dates';
import { h, icon } from './dom';
import type { Translate } from './i18n';

/** Read by the app's activation reminder, which opens as a modal on a phone right after signing up. */
const SIGNUP_COMPLETE_KEY = 'amora.signup-complete';

type Field = 'email' | 'name' | 'password' | 'date_of_birth';

/** "<terms>terms</terms>"-style markup of a catalogue text, with each tag made by `make`. */
function richText(text: string, make: Record<string, (label: string) => HTMLElement>): (string | HTMLElement)[] {
  return text
    .split(/(<\w+>.*?<\/\w+>)/)
    .filter(Boolean)
    .map((part) => {
      const tag = /^<(\w+)>(.*)<\/\1>$/.exec(part);
      const maker = tag && make[tag[1] as string];
      return maker && tag ? maker(tag[2] as string) : part;
    });
}

export interface FormOptions {
  t: Translate;
  locale: Locale;
  settings: Settings;
  /** Where the new member goes: completing the profile, perhaps then a profile. */
  next: string;
}

function problemOf(field: Field, values: Record<Field, string>): string | null {
  switch (field) {
    case 'email':
      if (values.email.trim() === '') return 'required';
      return isValidEmail(values.email.trim()) ? null : 'invalid_email';
    case 'name':
      if (values.name.trim().length > NAME_MAX_LENGTH) return 'name_too_long';
      return profileNameProblem(values.name, values.email);
    case 'password':
      if (values.password.length < PASSWORD_MIN_LENGTH) return 'password_too_short';
      return values.password.length > PASSWORD_MAX_LENGTH ? 'password_too_long' : null;
    case 'date_of_birth':
      return birthDateProblem(values.date_of_birth);
  }
}

export function createForm({ t, locale, settings, next }: FormOptions) {
  const errors = new Map<Field, HTMLElement>();
  const inputs = new Map<Field, HTMLElement[]>();
  const helpIds = new Map<Field, string>();
  const firstInput = (field: Field) => inputs.get(field)?.[0];
  const touched = new Set<Field>();

  const errorSlot = (field: Field) => {
    const slot = h('p', { class: 'field-error', id: `signup-${field}-error`, hidden: true });
    errors.set(field, slot);
    return slot;
  };

  const textField = (
    field: Exclude<Field, 'date_of_birth'>,
    label: string,
    attributes: Record<string, string>,
    help?: string,
  ) => {
    const id = `signup-${field}`;
    const input = h('input', { id, name: field, class: 'field-input', ...attributes });
    inputs.set(field, [input]);
    const helpText = help ? h('p', { class: 'field-help', id: `${id}-help` }, help) : null;
    if (helpText) {
      helpIds.set(field, helpText.id);
      input.setAttribute('aria-describedby', helpText.id);
    }
    return h(
      'div',
      { class: 'field' },
      h('label', { for: id, class: 'field-label' }, label),
      input,
      helpText,
      errorSlot(field),
    );
  };

  const email = textField('email', t('app:fields.email'), {
    type: 'email',
    autocomplete: 'email',
    inputmode: 'email',
    maxlength: '254',
  });
  const name = textField(
    'name',
    t('app:fields.name'),
    { type: 'text', autocomplete: 'nickname', maxlength: String(NAME_MAX_LENGTH + 10) },
    t('app:signup.nameHelp'),
  );
  const password = textField(
    'password',
    t('app:fields.password'),
    { type: 'password', autocomplete: 'new-password', maxlength: String(PASSWORD_MAX_LENGTH) },
    t('app:signup.passwordHelp'),
  );
  const passwordInput = inputs.get('password')?.[0] as HTMLInputElement;
  const reveal = h('button', {
    type: 'button',
    class: 'field-reveal',
    'aria-pressed': 'false',
    'aria-controls': 'signup-password',
  });
  const showReveal = (shown: boolean) => {
    reveal.replaceChildren(
      icon(shown ? eyeSlashIcon : eyeIcon),
      h('span', { class: 'sr-only' }, t(shown ? 'signup.hidePassword' : 'signup.showPassword')),
    );
    reveal.setAttribute('aria-pressed', String(shown));
    reveal.title = t(shown ? 'signup.hidePassword' : 'signup.showPassword');
  };
  showReveal(false);
  reveal.addEventListener('click', () => {
    const shown = passwordInput.type === 'password';
    passwordInput.type = shown ? 'text' : 'password';
    showReveal(shown);
  });
  passwordInput.after(reveal);
  passwordInput.parentElement?.classList.add('field-with-reveal');

  // The date of birth as three selects in the locale's order, as the app asks it.
  const parts: Record<DatePart, HTMLSelectElement> = {} as Record<DatePart, HTMLSelectElement>;
  const newestYear = new Date().getFullYear() - MIN_AGE;
  const choices: Record<DatePart, [string, string][]> = {
    day: Array.from({ length: 31 }, (_, index) => [String(index + 1), String(index + 1)]),
    // Named once someone starts on the form (see dates.ts); until then the select says "Month".
    month: [],
    year: Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, index) => String(newestYear - index)).map((year) => [
      year,
      year,
    ]),
  };
  const dateLocale = regionalLocale(locale, navigator.languages);
  const order = datePartOrder(dateLocale);
  for (const part of order) {
    parts[part] = h(
      'select',
      {
        id: `signup-dob-${part}`,
        class: `field-input field-select field-date-${part}`,
        'aria-label': t(`app:fields.${part}`),
        autocomplete: `bday-${part}`,
      },
      h('option', { value: '' }, t(`app:fields.${part}`)),
      ...choices[part].map(([value, label]) => h('option', { value }, label)),
    );
  }
  inputs.set(
    'date_of_birth',
    order.map((part) => parts[part]),
  );
  const birthDate = h(
    'fieldset',
    { class: 'field field-date', 'aria-describedby': 'signup-date_of_birth-error' },
    h('legend', { class: 'field-label' }, t('app:fields.dateOfBirth')),
    h('div', { class: 'field-date-parts' }, ...order.map((part) => parts[part])),
    errorSlot('date_of_birth'),
  );

  const values = (): Record<Field, string> => {
    const pad = (value: string) => value.padStart(2, '0');
    const { day, month, year } = { day: parts.day.value, month: parts.month.value, year: parts.year.value };
    return {
      email: (firstInput('email') as HTMLInputElement).value,
      name: (firstInput('name') as HTMLInputElement).value,
      password: passwordInput.value,
      date_of_birth: day && month && year ? `${year}-${pad(month)}-${pad(day)}` : '',
    };
  };

  const showError = (field: Field, message: string | null) => {
    const slot = errors.get(field) as HTMLElement;
    slot.textContent = message ?? '';
    slot.hidden = !message;
    for (const input of inputs.get(field) ?? []) {
      if (message) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
      if (field === 'date_of_birth') continue;
      const described = [helpIds.get(field), message ? slot.id : undefined].filter(Boolean).join(' ');
      if (described) input.setAttribute('aria-describedby', described);
      else input.removeAttribute('aria-describedby');
    }
  };
  const fieldMessage = (code: string) => t(`errors:field.${code}`, FIELD_MESSAGE_VALUES);

  /** Checks one field; true when it is fine. */
  const check = (field: Field): boolean => {
    const problem = problemOf(field, values());
    showError(field, problem && fieldMessage(problem));
    return !problem;
  };

  // A field is checked once left, then on every change, as the app's forms do (mode onTouched).
  for (const [field, elements] of inputs) {
    for (const element of elements) {
      element.addEventListener('blur', () => {
        if (field === 'date_of_birth' && !order.every((part) => parts[part].value)) return;
        touched.add(field);
        check(field);
      });
      element.addEventListener(field === 'date_of_birth' ? 'change' : 'input', () => {
        if (touched.has(field)) check(field);
      });
    }
  }

  const alert = h('div', { class: 'form-alert', role: 'alert', hidden: true });
  const showAlert = (message: string | null) => {
    alert.textContent = message ?? '';
    alert.hidden = !message;
  };

  const termsText = (date: string) =>
    richText(t('app:signup.terms', { date }), {
      terms: (label) => h('a', { href: '/pages/terms' }, label),
      privacy: (label) => h('a', { href: '/pages/privacy' }, label),
    });
  // The version's day as ISO (2023-12-01) until the locale's calendar is loaded.
  const terms = h('p', { class: 'form-terms' }, ...termsText(settings.terms_version_date.slice(0, 10)));
  const submit = h('button', { type: 'submit', class: 'button button-primary button-block' }, t('app:nav.join'));

  const form = h(
    'form',
    { class: 'signup-form', novalidate: true, 'aria-label': t('app:signup.title') },
    alert,
    email,
    name,
    password,
    birthDate,
    terms,
    submit,
  );

  // Someone starts on the form (or autofill is about to fill it): now the months get their names.
  const nameTheMonths = () => {
    form.removeEventListener('focusin', nameTheMonths);
    form.removeEventListener('pointerdown', nameTheMonths);
    parts.month.append(...monthNames(locale).map((month, index) => h('option', { value: String(index + 1) }, month)));
    terms.replaceChildren(...termsText(longDate(settings.terms_version_date, dateLocale)));
  };
  form.addEventListener('focusin', nameTheMonths);
  form.addEventListener('pointerdown', nameTheMonths);

  const fields: Field[] = ['email', 'name', 'password', 'date_of_birth'];
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    showAlert(null);
    for (const field of fields) touched.add(field);
    const invalid = fields.filter((field) => !check(field));
    if (invalid.length > 0) {
      firstInput(invalid[0] as Field)?.focus();
      return;
    }
    const { email: address, name: profileName, password: secret, date_of_birth } = values();
    submit.disabled = true;
    submit.setAttribute('aria-busy', 'true');
    form.classList.add('is-busy');
    try {
      await postJson('/api/signup.php', {
        email: address.trim(),
        name: profileName.trim(),
        password: secret,
        date_of_birth,
        tracking: storedTracking(),
      });
      sessionStorage.setItem(SIGNUP_COMPLETE_KEY, '1');
      location.assign(next);
    } catch (error) {
      submit.disabled = false;
      submit.removeAttribute('aria-busy');
      form.classList.remove('is-busy');
      showRefusal(error);
    }
  });

  /** The server's refusal: at its fields when it names them, else in the form's alert. */
  function showRefusal(error: unknown) {
    if (!(error instanceof CallFailed)) {
      showAlert(t('errors:server_error'));
      return;
    }
    const named = Object.entries(error.body.fields ?? {}).filter(([field]) => fields.includes(field as Field));
    for (const [field, detail] of named) showError(field as Field, detail.message);
    const first = named[0];
    if (first) firstInput(first[0] as Field)?.focus();
    if (named.length === 0 || error.body.error !== 'validation_failed')
      showAlert(error.message || t('errors:server_error'));
  }

  return { form, focus: () => firstInput('email')?.focus({ preventScroll: true }) };
}
