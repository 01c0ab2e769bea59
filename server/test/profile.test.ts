import { describe, expect, it } from 'vitest';
import { client, loggedInMember, signupBody, useTestApp } from './helpers.js';

const t = useTestApp();

const member = () => loggedInMember(t);

const storedProfile = (profileId: number) =>
  t.db.selectFrom('profiles').selectAll().where('id', '=', profileId).executeTakeFirstOrThrow();

describe('PUT /api/profile.php', () => {
  it('needs a session', async () => {
    const response = await client(t.app).put('/api/profile.php', { about: 'Hello' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('authentication_required');
  });

  it('saves the details and answers the updated user', async () => {
    const { visitor, user } = await member();
    const details = {
      gender: 'female',
      sexuality: 'bi',
      hair_colour: 'red',
      eye_colour: 'green',
      body_type: 'athletic',
      relationship_status: 'single',
      tattoos: 'some',
      about: '  Loves long walks.  ',
      interests: ['music', 'travel', 'music'],
      invisible: true,
      signup_step: 'about',
    };
    const response = await visitor.put('/api/profile.php', details);
    expect(response.statusCode).toBe(200);
    const expected = { ...details, about: 'Loves long walks.', interests: ['music', 'travel'] };
    expect(response.json().user).toMatchObject({ id: user.id, profile: expected });
    expect((await visitor.get('/api/user.php')).json().user.profile).toMatchObject(expected);
  });

  it('saves only the fields sent, and accepts an empty update', async () => {
    const { visitor } = await member();
    await visitor.put('/api/profile.php', { gender: 'male', about: 'Hi' });
    const response = await visitor.put('/api/profile.php', { eye_colour: 'blue' });
    expect(response.json().user.profile).toMatchObject({ gender: 'male', about: 'Hi', eye_colour: 'blue' });

    const empty = await visitor.put('/api/profile.php', {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json().user.profile).toMatchObject({ gender: 'male', eye_colour: 'blue' });
  });

  it('clears a detail set to null', async () => {
    const { visitor } = await member();
    await visitor.put('/api/profile.php', { tattoos: 'many' });
    const response = await visitor.put('/api/profile.php', { tattoos: null });
    expect(response.json().user.profile.tattoos).toBeNull();
  });

  it('stores a known city with its coordinates', async () => {
    const { visitor, profileId } = await member();
    const response = await visitor.put('/api/profile.php', { country: 'NL', region: 'NH', city: 'amsterdam' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.profile).toMatchObject({ country: 'NL', region: 'NH', city: 'Amsterdam' });
    const row = await storedProfile(profileId);
    expect(row.latitude).toBeCloseTo(52.37, 2);
    expect(row.longitude).toBeCloseTo(4.89, 2);
  });

  it("keeps an unknown city as typed, without the old city's coordinates", async () => {
    const { visitor, profileId } = await member();
    await visitor.put('/api/profile.php', { country: 'NL', region: 'NH', city: 'Amsterdam' });
    const response = await visitor.put('/api/profile.php', { city: 'Nergenshuizen' });
    expect(response.json().user.profile).toMatchObject({ country: 'NL', region: 'NH', city: 'Nergenshuizen' });
    expect(await storedProfile(profileId)).toMatchObject({ latitude: null, longitude: null });
  });

  it("looks a city up in the new country, dropping the old country's region", async () => {
    const { visitor, profileId } = await member();
    await visitor.put('/api/profile.php', { country: 'NL', region: 'NH', city: 'Amsterdam' });
    const response = await visitor.put('/api/profile.php', { country: 'DE', city: 'Berlin' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.profile).toMatchObject({ country: 'DE', region: null, city: 'Berlin' });
    const row = await storedProfile(profileId);
    expect(row.latitude).toBeCloseTo(52.52, 2);
    expect(row.longitude).toBeCloseTo(13.41, 2);
  });

  it('clears the whole location when the country is cleared', async () => {
    const { visitor, profileId } = await member();
    await visitor.put('/api/profile.php', { country: 'NL', region: 'NH', city: 'Amsterdam' });
    const response = await visitor.put('/api/profile.php', { country: null });
    expect(response.json().user.profile).toMatchObject({ country: null, region: null, city: null });
    expect(await storedProfile(profileId)).toMatchObject({ latitude: null, longitude: null });
  });

  it("refuses a country that is not one of the site's", async () => {
    const { visitor, profileId } = await member();
    const response = await visitor.put('/api/profile.php', { country: 'US', city: 'Boston' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: 'validation_failed',
      fields: { country: { code: 'invalid_choice' } },
    });
    expect(await storedProfile(profileId)).toMatchObject({ country: null, city: null });
  });

  it('refuses a region of another country, also against the stored country', async () => {
    const { visitor } = await member();
    const response = await visitor.put('/api/profile.php', { country: 'NL', region: 'BY' });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.region.code).toBe('invalid_choice');

    await visitor.put('/api/profile.php', { country: 'DE' });
    expect((await visitor.put('/api/profile.php', { region: 'NH' })).json().fields.region.code).toBe('invalid_choice');
    expect((await visitor.put('/api/profile.php', { region: 'BY' })).json().user.profile.region).toBe('BY');
  });

  it.each([
    ['gender', 'other'],
    ['sexuality', 'asexual'],
    ['hair_colour', 'green'],
    ['eye_colour', 'purple'],
    ['body_type', 'tiny'],
    ['relationship_status', 'complicated'],
    ['tattoos', 'all'],
  ])('refuses an unknown %s', async (field, value) => {
    const { visitor } = await member();
    const response = await visitor.put('/api/profile.php', { [field]: value });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields[field].code).toBe('invalid_choice');
  });

  it('refuses unknown interests, too many interests and a too long text', async () => {
    const { visitor } = await member();
    const unknown = await visitor.put('/api/profile.php', { interests: ['travel', 'skydiving'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields['interests.1'].code).toBe('invalid_choice');
    const many = await visitor.put('/api/profile.php', {
      interests: [
        'travel',
        'cooking',
        'music',
        'movies',
        'sports',
        'fitness',
        'reading',
        'dancing',
        'nature',
        'art',
        'yoga',
      ],
    });
    expect(many.json().fields.interests.code).toBe('too_many');
    expect((await visitor.put('/api/profile.php', { about: 'x'.repeat(2001) })).json().fields.about.code).toBe(
      'too_long',
    );
  });

  it.each([
    ['an email', { email: 'new@example.test' }],
    ['a profile id', { id: 1 }],
    ['a status', { status: 'active' }],
    ['hosted', { hosted: true }],
  ])('refuses %s in the body', async (_case, body) => {
    const { visitor, profileId } = await member();
    const response = await visitor.put('/api/profile.php', { about: 'Changed', ...body });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('validation_failed');
    expect((await storedProfile(profileId)).about).toBe('');
  });

  it('refuses a name that starts with @ or is the email address', async () => {
    const { visitor, email, profileId } = await member();
    const at = await visitor.put('/api/profile.php', { name: '@sanne' });
    expect(at.statusCode).toBe(422);
    expect(at.json().fields.name.code).toBe('name_starts_with_at');
    const mail = await visitor.put('/api/profile.php', { name: email.toUpperCase() });
    expect(mail.json().fields.name.code).toBe('name_equals_email');
    expect((await visitor.put('/api/profile.php', { name: ' Sanne ' })).json().user.profile.name).toBe('Sanne');
    expect((await storedProfile(profileId)).name).toBe('Sanne');
  });

  it('changes only the profile of the member who calls', async () => {
    const a = await member();
    const b = await member();
    const response = await b.visitor.put('/api/profile.php', { about: 'I am B', gender: 'male' });
    expect(response.json().user.id).toBe(b.user.id);
    expect(await storedProfile(b.profileId)).toMatchObject({ about: 'I am B', gender: 'male' });
    expect(await storedProfile(a.profileId)).toMatchObject({ about: '', gender: null });
  });

  it('refuses a call without the client request-type header', async () => {
    const { visitor, profileId } = await member();
    const response = await visitor.put('/api/profile.php', { about: 'Sneaky' }, { clientHeader: false });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('request_type_missing');
    expect((await storedProfile(profileId)).about).toBe('');
  });
});

describe('GET /api/user.php', () => {
  it('answers the profile with photos, interests and the signup step of a new member', async () => {
    const visitor = client(t.app);
    await visitor.post('/api/signup.php', signupBody({ name: 'Noor' }));
    const { profile } = (await visitor.get('/api/user.php')).json().user;
    expect(profile).toMatchObject({
      name: 'Noor',
      status: 'disabled',
      main_image: null,
      photos: [],
      interests: [],
      about: '',
      invisible: false,
      signup_step: 'photo',
      gender: null,
      country: null,
      region: null,
      city: null,
    });
  });
});
