/**
 * The shared form fields (web/src/shared/forms/form.tsx and the selects beside it), each in a small
 * form built the way the app's forms are: email, date of birth, select, country and region, gender and age.
 */
import { GENDERS } from '@amora/common';
import { birthDateField } from '@amora/common/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DateOfBirthField } from '../src/shared/forms/DateOfBirthField';
import { EmailField, SelectField, SubmitButton, useSchemaForm } from '../src/shared/forms/form';
import { CountrySelect, RegionSelect } from '../src/shared/forms/PlaceSelects';
import { AgeSelect, GenderSelect } from '../src/shared/forms/SearchSelects';
import { buildSettings } from './fixtures';
import { descriptionOf, renderScreen } from './render';
import { fakeServer } from './server';

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
