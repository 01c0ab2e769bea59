/**
 * The form pieces every form shares (web/src/components/form.tsx and the selects beside it), in a
 * small form built from them the way the app's forms are.
 */
import { GENDERS } from '@amora/common';
import { accountRoutes } from '@amora/common/routes/accounts';
import { birthDateField, passwordChangeRequest } from '@amora/common/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, api } from '../src/api/client';
import { DateOfBirthField } from '../src/shared/forms/DateOfBirthField';
import {
  EmailField,
  FormAlert,
  NewPasswordFields,
  PasswordField,
  SelectField,
  SubmitButton,
  useSchemaForm,
} from '../src/shared/forms/form';
import { CountrySelect, RegionSelect } from '../src/shared/forms/PlaceSelects';
import { AgeSelect, GenderSelect } from '../src/shared/forms/SearchSelects';
import { buildSettings } from './fixtures';
import { descriptionOf, renderScreen } from './render';
import { apiError, deferred, fakeServer, json } from './server';

type PasswordChange = z.output<typeof passwordChangeRequest>;

/** A password change as the settings page has it; `submit` is what happens on send. */
function PasswordForm({
  submit,
}: {
  // biome-ignore lint/suspicious/noConfusingVoidType: as useSchemaForm's own submit
  submit: (input: PasswordChange) => Promise<string | void>;
}) {
  const { form, onSubmit, alert } = useSchemaForm(
    passwordChangeRequest,
    { old_password: '', password: '', password_repeat: '' },
    submit,
  );
  return (
    <form noValidate onSubmit={onSubmit}>
      <FormAlert alert={alert} />
      <PasswordField form={form} name="old_password" label="Current password" purpose="current" />
      <NewPasswordFields form={form} />
      <SubmitButton busy={form.formState.isSubmitting}>Change password</SubmitButton>
    </form>
  );
}

const sendToServer = (input: PasswordChange) => api(accountRoutes.changePassword, input).then(() => 'Saved.');

async function fillPasswords(
  events: ReturnType<typeof renderScreen>['events'],
  old: string,
  next: string,
  repeat = next,
) {
  if (old) await events.type(screen.getByLabelText('Current password'), old);
  if (next) await events.type(screen.getByLabelText('New password'), next);
  if (repeat) await events.type(screen.getByLabelText('Repeat the new password'), repeat);
}

describe('useSchemaForm with the shared fields', () => {
  it('checks the fields with the shared schema before sending, in the page’s language', async () => {
    const server = fakeServer();
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, '', 'short', 'other');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(descriptionOf(screen.getByLabelText('Current password'))).toBe('This field is required.');
    expect(descriptionOf(screen.getByLabelText('New password'))).toBe('Your password needs at least 8 characters.');
    expect(descriptionOf(screen.getByLabelText('Repeat the new password'))).toBe(
      'The passwords you entered do not match.',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('says a field’s problem once it is left, before any submit', async () => {
    fakeServer();
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await events.type(screen.getByLabelText('New password'), 'abc');
    await events.tab();
    expect(descriptionOf(screen.getByLabelText('New password'))).toBe('Your password needs at least 8 characters.');
  });

  it('shows a new password’s rules under it until there is a problem to show instead', async () => {
    fakeServer();
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    const password = screen.getByLabelText('New password');
    expect(descriptionOf(password)).toBe('At least 8 characters.');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText('Current password').getAttribute('autocomplete')).toBe('current-password');
    await events.type(password, 'abc');
    await events.tab();
    expect(screen.queryByText('At least 8 characters.')).toBeNull();
  });

  it('sends what was filled in, and shows the success message the submit returns', async () => {
    const server = fakeServer({ 'POST /api/password.php': { ok: true } });
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, 'old secret', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Saved.');
    expect(server.sent('POST /api/password.php')[0]?.body).toEqual({
      old_password: 'old secret',
      password: 'new secret 1',
      password_repeat: 'new secret 1',
    });
  });

  it('disables the submit button while the form is being sent', async () => {
    const answer = deferred<Response>();
    fakeServer({ 'POST /api/password.php': () => answer.promise });
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, 'old secret', 'new secret 1');
    const button = screen.getByRole('button', { name: 'Change password' }) as HTMLButtonElement;
    await events.click(button);
    await waitFor(() => expect(button.disabled).toBe(true));
    answer.resolve(json({ ok: true }));
    await waitFor(() => expect(button.disabled).toBe(false));
  });

  it('shows the server’s 422 messages at their fields, without a form alert for validation_failed', async () => {
    fakeServer({
      'POST /api/password.php': apiError(422, 'validation_failed', 'Please check the highlighted fields.', {
        old_password: { code: 'old_password_wrong', message: 'Check your old password.' },
      }),
    });
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, 'wrong', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText('Current password'))).toBe('Check your old password.'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('translates a field message that is an error code, filling in its values', async () => {
    fakeServer({
      'POST /api/password.php': apiError(422, 'validation_failed', 'Please check the highlighted fields.', {
        password: { code: 'password_too_short', message: 'password_too_short' },
        password_repeat: { code: 'mystery', message: 'some_unknown_code' },
      }),
    });
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, 'old secret', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText('New password'))).toBe('Your password needs at least 8 characters.'),
    );
    expect(descriptionOf(screen.getByLabelText('Repeat the new password'))).toBe('This value is not valid.');
  });

  it('shows a refusal about the whole form in its alert', async () => {
    fakeServer({
      'POST /api/password.php': apiError(429, 'rate_limited', 'Too many attempts. Please wait a moment and try again.'),
    });
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, 'old secret', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many attempts. Please wait a moment and try again.');
    expect(alert.className).toContain('alert-danger');
  });

  it('shows the message in the alert too when the fields the server names are not in this form', async () => {
    fakeServer({
      'POST /api/password.php': apiError(422, 'validation_failed', 'Please check the highlighted fields.', {
        token: { code: 'required', message: 'This field is required.' },
      }),
    });
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, 'old secret', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please check the highlighted fields.');
  });

  it('shows both the field message and the alert when an error other than validation names a field', async () => {
    fakeServer({
      'POST /api/password.php': apiError(403, 'login_blocked', 'Too many failed attempts, account blocked for 5 min.', {
        old_password: { code: 'login_blocked', message: 'Blocked for now.' },
      }),
    });
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, 'old secret', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many failed attempts, account blocked for 5 min.');
    expect(descriptionOf(screen.getByLabelText('Current password'))).toBe('Blocked for now.');
  });

  it('says the network failed when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, 'old secret', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The connection failed. Check your internet connection and try again.',
    );
  });

  it('clears the last alert when the form is sent again', async () => {
    let calls = 0;
    fakeServer({
      'POST /api/password.php': () =>
        ++calls === 1 ? apiError(500, 'server_error', 'Something went wrong, please try again later.') : { ok: true },
    });
    const { events } = renderScreen(<PasswordForm submit={sendToServer} />);
    await fillPasswords(events, 'old secret', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong, please try again later.');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Saved.'));
  });

  it('shows an error of the app’s own in the alert, not at a field', async () => {
    const { events } = renderScreen(
      <PasswordForm
        submit={async () => {
          throw new ApiError(0, 'network_error', 'The connection failed.', {
            old_password: { code: 'x', message: 'y' },
          });
        }}
      />,
    );
    await fillPasswords(events, 'old secret', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The connection failed.');
  });

  it('shows a failure that is no ApiError by its text', async () => {
    const { events } = renderScreen(
      <PasswordForm
        submit={async () => {
          throw new Error('camera unavailable');
        }}
      />,
    );
    await fillPasswords(events, 'old secret', 'new secret 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('camera unavailable');
  });
});

describe('EmailField', () => {
  function EmailForm() {
    const { form, onSubmit } = useSchemaForm(
      z.object({ email: z.string().min(1, 'required') }),
      { email: '' },
      async () => undefined,
    );
    return (
      <form onSubmit={onSubmit}>
        <EmailField form={form} name="email" label="Email address" />
      </form>
    );
  }

  it('asks for the phone’s email keyboard and the saved address', () => {
    renderScreen(<EmailForm />);
    const field = screen.getByLabelText('Email address');
    expect(field.getAttribute('type')).toBe('email');
    expect(field.getAttribute('inputmode')).toBe('email');
    expect(field.getAttribute('autocomplete')).toBe('email');
  });
});

describe('DateOfBirthField', () => {
  const schema = z.object({ date_of_birth: birthDateField });
  function BirthForm({ onSent }: { onSent: (date: string) => void }) {
    const { form, onSubmit } = useSchemaForm(schema, { date_of_birth: '' }, async ({ date_of_birth }) =>
      onSent(date_of_birth),
    );
    return (
      <form noValidate onSubmit={onSubmit}>
        <DateOfBirthField form={form} name="date_of_birth" label="Date of birth" />
        <SubmitButton busy={false}>Send</SubmitButton>
      </form>
    );
  }

  const selectNames = () =>
    within(screen.getByRole('group', { name: 'Date of birth' }))
      .getAllByRole('combobox')
      .map((select) => select.getAttribute('aria-label'));

  it('asks for the parts in the order the visitor’s region writes dates: month first in the US', () => {
    renderScreen(<BirthForm onSent={() => undefined} />);
    expect(selectNames()).toEqual(['Month', 'Day', 'Year']);
  });

  it('puts the day first for a visitor from Britain', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
    renderScreen(<BirthForm onSent={() => undefined} />);
    expect(selectNames()).toEqual(['Day', 'Month', 'Year']);
  });

  it('names the months in the page’s language and offers only years of adults', () => {
    renderScreen(<BirthForm onSent={() => undefined} />);
    const months = within(screen.getByRole('combobox', { name: 'Month' })).getAllByRole('option');
    expect(months.map((option) => option.textContent).slice(0, 3)).toEqual(['Month', 'January', 'February']);
    const years = within(screen.getByRole('combobox', { name: 'Year' }))
      .getAllByRole('option')
      .slice(1)
      .map((option) => Number(option.textContent));
    expect(Math.max(...years)).toBe(new Date().getFullYear() - 18);
  });

  it('gives the form the date as YYYY-MM-DD once all three parts are chosen', async () => {
    const sent = vi.fn();
    const { events } = renderScreen(<BirthForm onSent={sent} />);
    await events.selectOptions(screen.getByRole('combobox', { name: 'Day' }), '4');
    await events.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'May');
    await events.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '1990');
    await events.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveBeenCalledWith('1990-05-04'));
  });

  it('says a date is needed while a part is missing', async () => {
    const sent = vi.fn();
    const { events } = renderScreen(<BirthForm onSent={sent} />);
    await events.selectOptions(screen.getByRole('combobox', { name: 'Day' }), '4');
    await events.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '1990');
    await events.click(screen.getByRole('button', { name: 'Send' }));
    const group = screen.getByRole('group', { name: 'Date of birth' });
    await waitFor(() => expect(descriptionOf(group)).toBe('Please enter your date of birth'));
    expect(sent).not.toHaveBeenCalled();
  });

  it('names an impossible day, such as 31 February', async () => {
    const sent = vi.fn();
    const { events } = renderScreen(<BirthForm onSent={sent} />);
    await events.selectOptions(screen.getByRole('combobox', { name: 'Day' }), '31');
    await events.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'February');
    await events.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '1990');
    await events.click(screen.getByRole('button', { name: 'Send' }));
    const group = screen.getByRole('group', { name: 'Date of birth' });
    await waitFor(() => expect(descriptionOf(group)).toBe('Invalid date of birth.'));
    expect(sent).not.toHaveBeenCalled();
  });
});

describe('SelectField', () => {
  it('is labelled, and says under it why it is as it is', () => {
    renderScreen(
      <SelectField id="pick" label="Colour" value="" onChange={() => undefined} disabled hint="Choose a shape first">
        <option value="">Any</option>
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Colour' }) as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(descriptionOf(select)).toBe('Choose a shape first');
  });
});

describe('CountrySelect and RegionSelect', () => {
  function Place() {
    const [country, setCountry] = useState('');
    const [region, setRegion] = useState('');
    return (
      <>
        <CountrySelect id="c" label="Country" emptyLabel="Choose a country" value={country} onChange={setCountry} />
        <RegionSelect
          id="r"
          label="Region"
          emptyLabel="Any region"
          country={country}
          value={region}
          onChange={setRegion}
        />
        <p>Chosen: {[country, region].join('/')}</p>
      </>
    );
  }
  const regions = {
    regions: [
      { country: 'NL', code: 'NH', name: 'Noord-Holland' },
      { country: 'NL', code: 'UT', name: 'Utrecht' },
      { country: 'BE', code: 'VAN', name: 'Antwerpen' },
    ],
  };

  it('offers the site’s countries by name, and the chosen country’s regions', async () => {
    fakeServer({ 'GET /api/regions.php': regions });
    const { events } = renderScreen(<Place />, { settings: buildSettings({ countries: ['NL', 'BE'] }) });
    const countries = within(screen.getByRole('combobox', { name: 'Country' })).getAllByRole('option');
    expect(countries.map((option) => option.textContent)).toEqual(['Choose a country', 'Netherlands', 'Belgium']);
    await events.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Belgium');
    await waitFor(() =>
      expect(
        within(screen.getByRole('combobox', { name: 'Region' }))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Any region', 'Antwerpen']),
    );
    await events.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'Antwerpen');
    expect(screen.getByText('Chosen: BE/VAN')).toBeTruthy();
  });

  it('keeps the region disabled, saying why, until a country is chosen', async () => {
    fakeServer({ 'GET /api/regions.php': regions });
    renderScreen(<Place />, { settings: buildSettings() });
    const region = screen.getByRole('combobox', { name: 'Region' }) as HTMLSelectElement;
    expect(region.disabled).toBe(true);
    expect(descriptionOf(region)).toBe('Choose a country first.');
  });
});

describe('GenderSelect and AgeSelect', () => {
  function Search({ onChange }: { onChange: (change: object) => void }) {
    const [gender, setGender] = useState<(typeof GENDERS)[number] | undefined>('female');
    const [age, setAge] = useState<number | undefined>(undefined);
    return (
      <>
        <GenderSelect
          id="g"
          label="Looking for"
          value={gender}
          onChange={(value) => {
            setGender(value);
            onChange({ gender: value });
          }}
        />
        <AgeSelect
          id="a"
          label="From age"
          value={age}
          onChange={(value) => {
            setAge(value);
            onChange({ age: value });
          }}
        />
      </>
    );
  }

  it('offers anyone or each gender, and gives no gender for anyone', async () => {
    const changed = vi.fn();
    const { events } = renderScreen(<Search onChange={changed} />);
    const gender = screen.getByRole('combobox', { name: 'Looking for' });
    expect(within(gender).getAllByRole('option')).toHaveLength(GENDERS.length + 1);
    await events.selectOptions(gender, '');
    expect(changed).toHaveBeenLastCalledWith({ gender: undefined });
  });

  it('gives an age as a number, from 18, and an open end as none', async () => {
    const changed = vi.fn();
    const { events } = renderScreen(<Search onChange={changed} />);
    const age = screen.getByRole('combobox', { name: 'From age' });
    expect(within(age).getAllByRole('option')[1]?.textContent).toBe('18');
    await events.selectOptions(age, '35');
    expect(changed).toHaveBeenLastCalledWith({ age: 35 });
    await events.selectOptions(age, '–');
    expect(changed).toHaveBeenLastCalledWith({ age: undefined });
  });
});
