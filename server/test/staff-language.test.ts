/**
 * A staff member's own language: the back office's words, dates and numbers, and the answers of the
 * staff API, refusals included, come in it. It is one of the app's eleven locales. An invitation's
 * link answers it, so the page that sets up the account is in it from its first screen.
 */
import { describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, setUpThroughInvitation, staffClient } from './builders.js';
import { client, useTestApp } from './helpers.js';

const t = useTestApp();

describe("a staff member's language", () => {
  it('starts as the language the account was made with, and changes to any of the eleven', async () => {
    const operator = await staffClient(t, 'operator');
    expect((await operator.get('/api/staff/me.php')).json().staff).toMatchObject({ language: 'en' });
    const changed = await operator.post('/api/staff/language.php', { language: 'pl' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ staff: { email: operator.email, language: 'pl' } });
    expect((await operator.get('/api/staff/me.php')).json().staff).toMatchObject({ language: 'pl' });
    expect(await t.services.staff.byEmail(operator.email)).toMatchObject({ language: 'pl' });
  });

  it('refuses a language that is not one of the locales, in the language chosen before, and keeps it', async () => {
    const admin = await staffClient(t, 'admin');
    await admin.post('/api/staff/language.php', { language: 'pl' });
    for (const language of ['xx', 'PL', 'en-GB', 'nl\u0000', '', 7, null]) {
      const refused = await admin.post('/api/staff/language.php', { language });
      expect(refused.statusCode, JSON.stringify(language)).toBe(422);
      expect(refused.json()).toMatchObject({
        fields: { language: { code: 'invalid_choice', message: 'Wybierz jedną z opcji.' } },
      });
    }
    expect((await admin.post('/api/staff/language.php', {})).statusCode).toBe(422);
    expect((await admin.get('/api/staff/me.php')).json().staff).toMatchObject({ language: 'pl' });
  });

  it('answers the staff API in that language: a Dutch operator is refused in Dutch', async () => {
    const operator = await staffClient(t, 'operator');
    await operator.post('/api/staff/language.php', { language: 'nl' });
    const refused = await operator.post('/api/staff/status.php', { away: 'yes' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ fields: { away: { message: 'Deze waarde is niet geldig.' } } });
  });

  it('is chosen by a signed-in staff member only', async () => {
    const refused = await client(t.app).post('/api/staff/language.php', { language: 'nl' });
    expect(refused.json()).toMatchObject({ error: 'staff_login_required' });
  });

  it('is the language an admin gives a new account, listed on the team desk', async () => {
    const admin = await staffClient(t, 'admin');
    const added = await admin.post('/api/staff/team.php', {
      email: `sanne-${Date.now()}@amora.test`,
      name: 'Sanne',
      role: 'operator',
      language: 'nl',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ staff: { name: 'Sanne', language: 'nl' } });
  });
});

describe("an invitation's link", () => {
  const ask = (token: string) => client(t.app).get(`/api/staff/invitation.php?token=${encodeURIComponent(token)}`);

  it('answers the language of the account it is for, while it may be used', async () => {
    const { id } = await t.services.staff.addStaff({
      email: `kasia-${Date.now()}@amora.test`,
      name: 'Kasia',
      password: STAFF_PASSWORD,
      role: 'operator',
      language: 'pl',
    });
    const invitation = await t.services.staff.inviteByCommand(id);
    const asked = await ask(invitation);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ language: 'pl' });

    // Once the account is set up (through a newer invitation), the link answers nothing of it.
    await setUpThroughInvitation(t, client(t.app), id);
    const used = await ask(invitation);
    expect(used.statusCode).toBe(410);
    expect(used.json()).toMatchObject({
      error: 'invitation_invalid',
      message: 'This invitation link has been used or has expired. Ask an admin for a new one.',
    });
  });

  it('refuses a made-up or malformed token without telling anything', async () => {
    expect((await ask('a'.repeat(43))).json()).toMatchObject({ error: 'invitation_invalid' });
    for (const token of ['not a token', `${'a'.repeat(42)}\u0000`]) {
      const malformed = await ask(token);
      expect(malformed.statusCode, JSON.stringify(token)).toBe(422);
      expect(malformed.json().fields.token).toMatchObject({ code: 'invalid' });
    }
  });
});
