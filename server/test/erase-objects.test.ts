/**
 * Erased means gone: erasing an account removes every object its profile left in the media store
 * (its photos and the photos it sent in chats), on disk and on S3, and nobody else's; so does the
 * end of a deleted account's grace period.
 */
import { DELETION_GRACE_DAYS } from '@amora/common';
import { expect, it } from 'vitest';
import {
  buildMember,
  buildPhotos,
  loggedIn,
  makePremium,
  sendChatPhoto,
  sendChatText,
  settle,
  useTestApp,
} from './helpers.js';

const t = useTestApp();

async function chatter() {
  const member = await buildMember(t.services, { credits: 1000, freeMessages: 0 });
  await makePremium(t, member);
  return { ...member, visitor: await loggedIn(t.app, member) };
}

async function objectsUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of t.services.media.list(prefix)) keys.push(key);
  return keys;
}

const objectsOf = async (profileId: number) => [
  ...(await objectsUnder(`p/${profileId}/`)),
  ...(await objectsUnder(`c/${profileId}/`)),
];

it('erasing an account leaves no object of it in the store, and every other member’s in place', async () => {
  const anna = await chatter();
  const bram = await chatter();
  await buildPhotos(t.services, anna, 2);
  await buildPhotos(t.services, bram, 1);
  const { conversation } = await sendChatText(anna.visitor, bram.profileId, 'Here is the lake.');
  await sendChatPhoto(anna.visitor, conversation);
  await sendChatPhoto(bram.visitor, conversation);
  expect(await objectsOf(anna.profileId)).toHaveLength(5);
  const bramsBefore = await objectsOf(bram.profileId);
  expect(bramsBefore).toHaveLength(3);

  expect(await t.services.lifecycle.erase(anna.user.id)).toBe(true);
  await settle(t);

  expect(await objectsOf(anna.profileId)).toEqual([]);
  expect(await objectsOf(bram.profileId)).toEqual(bramsBefore);
});

it('an account deleted by its member loses its objects when the grace period ends, not before', async () => {
  const leaving = await chatter();
  await buildPhotos(t.services, leaving, 1);
  const deleted = await leaving.visitor.post('/api/delete-account.php', {
    reason: 'found_partner',
    password: leaving.password,
  });
  expect(deleted.statusCode).toBe(200);
  await settle(t);
  expect(await objectsOf(leaving.profileId)).toHaveLength(2);

  t.clock.advance({ days: DELETION_GRACE_DAYS, minutes: 1 });
  expect(await t.services.lifecycle.purgeDeletedAccounts()).toBeGreaterThanOrEqual(1);
  await settle(t);
  expect(await objectsOf(leaving.profileId)).toEqual([]);
});
