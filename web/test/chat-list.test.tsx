/** The chats list page by page, and /members/{id}/chat finding a conversation the loaded pages do not hold. */
import type { ChatEntry, ChatsResponse } from '@amora/common';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatList } from '../src/features/chats/ChatList';
import MemberChatPage from '../src/features/chats/MemberChatPage';
import { buildUser } from './fixtures';
import { renderScreen } from './render';
import { fakeServer, type SentRequest } from './server';

const entry = (conversation: number, name: string): ChatEntry => ({
  conversation,
  profile: { id: 100 + conversation, name, age: 30, hosted: false, main_image: null, presence: 'away' },
  num_unread_messages: 0,
  last_message: null,
  updated_at: '2026-11-29T04:00:00.000Z',
});

const firstPage: ChatsResponse = { chats: [entry(9, 'Noor'), entry(8, 'Mila')], num_unread_messages: 0, more: 'x~8' };
const lastPage: ChatsResponse = { chats: [entry(2, 'Eva')], num_unread_messages: 0, more: null };

/** chats.php as the server pages it: the first page, the one after its `more`, or the conversation with one profile. */
function chatsServer() {
  return fakeServer({
    'GET /api/chats.php': ({ query }: SentRequest) => {
      if (query.profile_id) {
        const found = [...firstPage.chats, ...lastPage.chats].filter(
          (one) => one.profile.id === Number(query.profile_id),
        );
        return { chats: found, num_unread_messages: 0, more: null };
      }
      return query.before === firstPage.more ? lastPage : firstPage;
    },
  });
}

describe('the chats list', () => {
  it('shows older conversations a page at a time, until there are no more', async () => {
    const server = chatsServer();
    const { events } = renderScreen(<ChatList headingId="chats-title" />, { at: '/chats', user: buildUser() });
    expect(await screen.findByText('Mila')).toBeTruthy();
    expect(screen.queryByText('Eva')).toBeNull();
    await events.click(screen.getByRole('button', { name: 'Show older conversations' }));
    expect(await screen.findByText('Eva')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Noor'),
      expect.stringContaining('Mila'),
      expect.stringContaining('Eva'),
    ]);
    expect(screen.queryByRole('button', { name: 'Show older conversations' })).toBeNull();
    expect(server.sent('GET /api/chats.php').map((request) => request.query)).toEqual([{}, { before: 'x~8' }]);
  });

  it('opens the conversation with a profile that lies beyond the first page', async () => {
    chatsServer();
    const { location } = renderScreen(<MemberChatPage />, {
      at: '/members/102/chat',
      route: '/members/:id/chat',
      user: buildUser(),
    });
    await waitFor(() => expect(location()).toBe('/chats/2'));
  });
});
