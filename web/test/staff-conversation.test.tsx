/** /staff/conversations/{id}: the conversation an operator answers in, in the operator's language. */
import type { MemberProfile, OperatorConversation } from '@amora/common';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import StaffConversationPage from '../src/features/staff/inbox/StaffConversationPage';
import { StaffLayout } from '../src/features/staff/shared/StaffLayout';
import { buildStaff } from './fixtures';
import { renderScreen } from './render';
import { fakeServer } from './server';

const image = (id: number) => ({
  id,
  filename: `${id}.jpg`,
  thumb_filename: `${id}-t.jpg`,
  public: true,
  status: 'active' as const,
  width: 800,
  height: 1000,
});

function buildMemberProfile(overrides: Partial<MemberProfile> = {}): MemberProfile {
  return {
    id: 1,
    name: 'Jan',
    age: 34,
    city: 'Kraków',
    country: 'PL',
    hosted: false,
    main_image: null,
    gender: null,
    sexuality: null,
    region: null,
    hair_colour: null,
    eye_colour: null,
    body_type: null,
    relationship_status: null,
    tattoos: null,
    about: '',
    interests: [],
    photos: [],
    photos_for_members: 0,
    photos_for_premium: 0,
    private_photos: [],
    private_photos_hidden: 0,
    private_access: 'none',
    my_private_photos: 'none',
    blocked: false,
    ...overrides,
  };
}

const conversation: OperatorConversation = {
  conversation: 5,
  awaiting: true,
  messages: [
    {
      id: 1,
      conversation: 5,
      client_id: null,
      from_me: false,
      kind: 'photos_asked',
      text: null,
      gift: null,
      photo: null,
      created_at: '2026-03-04T14:00:00Z',
    },
  ],
  member: buildMemberProfile({ my_private_photos: 'asked' }),
  hosted: buildMemberProfile({
    id: 50,
    name: 'Zofia',
    hosted: true,
    photos: [image(7)],
    private_photos: [image(8), image(9), image(10)],
  }),
  persona: {
    job: '',
    town: '',
    family: '',
    pets: '',
    hobbies: '',
    story: '',
    version: 0,
    updated_at: null,
    updated_by: null,
  },
  notes: [{ id: 3, text: 'Lubi góry', staff: 'Ola', created_at: '2026-03-04T14:05:00Z' }],
};

describe('StaffConversationPage', () => {
  it('shows a Polish operator the conversation, its private photos and notes in Polish', async () => {
    fakeServer({
      'GET /api/staff/me.php': { staff: buildStaff({ role: 'operator', language: 'pl' }) },
      'GET /api/staff/conversation.php': conversation,
    });
    const { container } = renderScreen(<StaffConversationPage />, {
      at: '/staff/conversations/5',
      route: '/staff/conversations/:id',
      layout: <StaffLayout />,
    });
    const chat = await screen.findByRole('region', { name: 'Rozmowa' });
    expect(within(chat).getByRole('heading', { name: 'Jan ↔ Zofia (profil prowadzony)' })).toBeTruthy();
    expect(chat.textContent).toContain('Użytkownik czeka na odpowiedź.');
    expect(within(chat).getByRole('list', { name: 'Wiadomości' }).textContent).toBe(
      'Jan prosi użytkownika Zofia o pokazanie prywatnych zdjęć.',
    );
    const privatePhotos = within(chat).getByRole('region', { name: 'Prywatne zdjęcia' });
    expect(privatePhotos.textContent).toContain('3 prywatne zdjęcia. Jan prosi o ich pokazanie.');
    expect(within(privatePhotos).getByRole('button', { name: 'Udostępnij użytkownikowi Jan' })).toBeTruthy();
    expect(within(privatePhotos).getByRole('button', { name: 'Odmów' })).toBeTruthy();
    expect(within(chat).getByLabelText('Odpowiedź jako Zofia')).toBeTruthy();
    expect(within(chat).getByRole('button', { name: 'Wyślij zdjęcie 1 profilu Zofia' })).toBeTruthy();
    const notes = screen.getByRole('region', { name: 'Notatki' });
    expect(notes.textContent).toContain('Lubi góry (Ola, 4 marca 2026');
    expect(
      within(screen.getByRole('region', { name: 'Karta postaci profilu Zofia' })).getByLabelText('Praca'),
    ).toBeTruthy();
    for (const english of ['Release', 'Answer as', 'Messages', 'private photos', 'Notes', 'Add note', 'hosted']) {
      expect(container.textContent, english).not.toContain(english);
    }
  });
});
