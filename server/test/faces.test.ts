/**
 * Search shows faces first (showcase.test.ts). Whether a profile has a face is kept on the profile
 * (migration FacesInSearch) and must follow every change of its main photo: an upload waiting for
 * review, an approval, a rejection, a new main photo, a removal.
 */
import { describe, expect, it } from 'vitest';
import type { Site } from '../src/platform/site.js';
import { type BuiltMember, buildMember, buildPhotos, buildSite, client, testPhoto, useTestApp } from './helpers.js';

const t = useTestApp({
  setup: async (t) => {
    await buildSite(t.db, { domain: 'faces.test', settings: { photo_moderation: true } });
  },
});

interface Card {
  name: string;
  main_image: object | null;
}

/** The names of a visitor's search, in order, and whether each card has a photo. */
async function searchOf(host: string): Promise<string[]> {
  const cards = (await client(t.app, { host }).get('/api/members.php?network=ads')).json().profiles as Card[];
  return cards.map((card) => `${card.name}${card.main_image ? '' : ' (no photo)'}`);
}

/** Profiles whose kept face disagrees with their main photo: none, whatever changed. */
async function facesAstray(): Promise<number[]> {
  const rows = await t.db
    .selectFrom('profiles')
    .leftJoin('photos', (join) =>
      join.onRef('photos.id', '=', 'profiles.main_photo_id').on('photos.status', '=', 'active'),
    )
    .select(['profiles.id', 'profiles.has_face', 'photos.id as active_main'])
    .execute();
  return rows.filter((row) => row.has_face !== (row.active_main === null ? 0 : 1)).map((row) => row.id);
}

describe("a profile's face in search", () => {
  it('follows its main photo through review, rejection, a new main photo and removal', async () => {
    const host = 'faces.test';
    const site = (await t.services.sites.findByDomain(host)) as Site;
    const anna = await buildMember(t.services, { site, name: 'Anna' });
    await buildPhotos(t.services, anna, 1);
    const bea: BuiltMember = await buildMember(t.services, { site, name: 'Bea' });
    const uploader = { userId: bea.user.id, paid: true };
    const upload = async () => {
      const { photos } = await t.services.photos.upload(site, uploader, await testPhoto());
      return (photos.at(-1) as { id: number }).id;
    };

    const first = await upload();
    expect(await searchOf(host)).toEqual(['Anna', 'Bea (no photo)']);

    await t.services.photos.decide([first], { status: 'active' });
    expect((await searchOf(host)).sort()).toEqual(['Anna', 'Bea']);

    const second = await upload();
    await t.services.photos.decide([second], { status: 'active' });
    await t.services.photos.update(bea.user.id, { main_image: second });
    await t.services.photos.review(second, 'rejected');
    expect((await searchOf(host)).sort()).toEqual(['Anna', 'Bea']);

    await t.services.photos.remove(bea.user.id, first);
    expect(await searchOf(host)).toEqual(['Anna', 'Bea (no photo)']);
    expect(await facesAstray()).toEqual([]);
  });
});
