import { describe, expect, it } from 'vitest';
import { soughtGender } from './constants.js';
import { signupRequest } from './schemas/accounts.js';
import {
  ageOn,
  birthDateProblem,
  displayPhone,
  isValidEmail,
  isValidIban,
  normaliseIban,
  normalisePhone,
  parseBirthDate,
  profileNameProblem,
  termsVersionDate,
  visitorMayBrowse,
  visitorMaySignUp,
} from './validation.js';

const TODAY = new Date('2026-03-15T10:00:00Z');

describe('birthDateProblem', () => {
  it('accepts a member whose 18th birthday is today', () => {
    expect(birthDateProblem('2008-03-15', TODAY)).toBeNull();
  });

  it('refuses a member whose 18th birthday is tomorrow', () => {
    expect(birthDateProblem('2008-03-16', TODAY)).toBe('too_young');
  });

  it('treats a 29 February birthday as passed only on 1 March in other years', () => {
    expect(birthDateProblem('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe('too_young');
    expect(birthDateProblem('2008-02-29', new Date('2026-03-01T00:00:00Z'))).toBeNull();
  });

  it('asks for a date when there is none', () => {
    expect(birthDateProblem('', TODAY)).toBe('birthdate_required');
    expect(birthDateProblem('   ', TODAY)).toBe('birthdate_required');
  });

  it.each(['1990-02-30', '1990-13-01', '15-03-1990', '1990-3-5', '1899-12-31', 'yesterday'])(
    'calls %s no valid date',
    (value) => {
      expect(birthDateProblem(value, TODAY)).toBe('birthdate_invalid');
    },
  );

  it('calls a date in the future invalid rather than too young', () => {
    expect(birthDateProblem('2026-03-16', TODAY)).toBe('birthdate_invalid');
  });
});

describe('parseBirthDate and ageOn', () => {
  it('parses real calendar days only, in UTC', () => {
    expect(parseBirthDate('2000-02-29')?.toISOString()).toBe('2000-02-29T00:00:00.000Z');
    expect(parseBirthDate('2001-02-29')).toBeNull();
  });

  it('counts a year only once the birthday is reached', () => {
    const born = parseBirthDate('1990-06-10') as Date;
    expect(ageOn(born, new Date('2026-06-09T23:59:59Z'))).toBe(35);
    expect(ageOn(born, new Date('2026-06-10T00:00:00Z'))).toBe(36);
  });
});

describe('profileNameProblem', () => {
  it('refuses a name equal to the email, whatever its case or spaces', () => {
    expect(profileNameProblem(' Anna@Example.com ', 'anna@example.com')).toBe('name_equals_email');
  });

  it('refuses a name that starts with @', () => {
    expect(profileNameProblem('@anna', 'anna@example.com')).toBe('name_starts_with_at');
  });

  it('asks for a name when there is none', () => {
    expect(profileNameProblem('  ', 'anna@example.com')).toBe('required');
  });

  it('accepts an ordinary name, also one with an @ inside', () => {
    expect(profileNameProblem('Anna', 'anna@example.com')).toBeNull();
    expect(profileNameProblem('anna@home', 'anna@example.com')).toBeNull();
  });
});

describe('isValidEmail', () => {
  it.each(['anna@example.com', 'a.b+c@mail.example.co.uk'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['anna', 'anna@', '@example.com', 'anna@example', 'an na@example.com', 'a@b@example.com', 'anna@.com'])(
    'refuses %s',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});

describe('signupRequest', () => {
  const valid = { email: 'anna@example.com', name: 'Anna', password: 'long enough', date_of_birth: '1990-01-01' };
  const problems = (input: object) => {
    const result = signupRequest.safeParse(input);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('accepts a complete signup', () => {
    expect(problems(valid)).toEqual({});
  });

  it('names the field and the rule of each problem', () => {
    expect(problems({ ...valid, email: 'nope' })).toEqual({ email: 'invalid_email' });
    expect(problems({ ...valid, name: 'anna@example.com' })).toEqual({ name: 'name_equals_email' });
    expect(problems({ ...valid, date_of_birth: '' })).toEqual({ date_of_birth: 'birthdate_required' });
    expect(problems({ ...valid, password: 'short' })).toEqual({ password: 'password_too_short' });
  });
});

describe('displayPhone and termsVersionDate', () => {
  it('shows the support phone without dashes and whitespace', () => {
    expect(displayPhone('+31 20-123 45 67')).toBe('+31201234567');
  });

  it('uses the company added date only when it is later than the base date', () => {
    const base = '2023-12-01T12:00:00Z';
    expect(termsVersionDate('2024-03-01T09:00:00Z', base)).toBe('2024-03-01T09:00:00Z');
    expect(termsVersionDate('2020-01-01T00:00:00Z', base)).toBe(base);
    expect(termsVersionDate(null, base)).toBe(base);
  });
});

describe('isValidIban and normalisePhone', () => {
  it('accepts IBANs whose check digits hold, however they are spaced, and refuses the rest', () => {
    expect(isValidIban('NL91 ABNA 0417 1643 00')).toBe(true);
    expect(isValidIban('de89370400440532013000')).toBe(true);
    expect(isValidIban('GB29 NWBK 6016 1331 9268 19')).toBe(true);
    expect(isValidIban('NL91 ABNA 0417 1643 01')).toBe(false);
    expect(isValidIban('NL91ABNA04171643')).toBe(false);
    expect(isValidIban('US12345678901234567890')).toBe(false);
    expect(isValidIban('NL91ABNA0417164300\u0000')).toBe(false);
    expect(normaliseIban('nl91 abna-0417 1643 00')).toBe('NL91ABNA0417164300');
  });

  it('takes phone numbers in international form only', () => {
    expect(normalisePhone('+31 6 1234 5678')).toBe('+31612345678');
    expect(normalisePhone('0031 (6) 12-34-56-78')).toBe('+31612345678');
    expect(normalisePhone('06 12345678')).toBeNull();
    expect(normalisePhone('+31 6')).toBeNull();
  });
});

describe('what a site lets visitors do', () => {
  const site = { logged_out_search: true, logged_out_search_trafficsource: false, signups: 'all' } as const;
  const membersOnly = {
    logged_out_search: false,
    logged_out_search_trafficsource: true,
    signups: 'with_trafficsource',
  } as const;

  it('lets everyone browse and sign up on an open site', () => {
    expect(visitorMayBrowse(site, undefined)).toBe(true);
    expect(visitorMaySignUp(site, undefined)).toBe(true);
  });

  it('lets only visitors with a traffic source browse and sign up on a members-only site', () => {
    expect(visitorMayBrowse(membersOnly, undefined)).toBe(false);
    expect(visitorMayBrowse(membersOnly, 'ads')).toBe(true);
    expect(visitorMaySignUp(membersOnly, {})).toBe(false);
    expect(visitorMaySignUp(membersOnly, { network: 'ads' })).toBe(true);
    expect(visitorMaySignUp(membersOnly, { ref: 'friend' })).toBe(true);
  });

  it('lets nobody browse or sign up where the site says so', () => {
    const closed = { logged_out_search: false, logged_out_search_trafficsource: false, signups: 'other' } as const;
    expect(visitorMayBrowse(closed, 'ads')).toBe(false);
    expect(visitorMaySignUp(closed, { network: 'ads' })).toBe(false);
  });
});

describe('soughtGender', () => {
  it('is whom the member looks for: the other gender when straight, the own when gay or lesbian', () => {
    expect(soughtGender('male', 'hetero')).toBe('female');
    expect(soughtGender('female', 'hetero')).toBe('male');
    expect(soughtGender('male', 'gay')).toBe('male');
    expect(soughtGender('female', 'lesbian')).toBe('female');
  });

  it('is anyone when bi or when the gender or sexuality is not given', () => {
    expect(soughtGender('female', 'bi')).toBeUndefined();
    expect(soughtGender(null, 'hetero')).toBeUndefined();
    expect(soughtGender('male', null)).toBeUndefined();
  });
});
