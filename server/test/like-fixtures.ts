/** What the likes tests share: sites of their own, hosted profiles, logged-in members and likes stored in bulk. */
import { insertLikes } from '../src/likes/queries.js';
import { addMinutes } from '../src/platform/clock.js';
import type { NewProfileRow } from '../src/platform/db/schema.js';
import type { Site } from '../src/platform/site.js';
import { birthDate, buildSite, loggedInMember, type LoggedInMember as Member, type TestApp } from './helpers.js';

type Hosted = Partial<Omit<NewProfileRow, 'site_id' | 'user_id' | 'hosted' | 'status' | 'created_at'>>;

/** The fixtures on `t`'s database; `prefix` keeps each test file's sites apart. */
export function likeFixtures(t: TestApp, prefix: string) {
  let siteCount = 0;

  /** A site of the test's own, so it never sees another test's profiles. */
  async function freshSite(): Promise<Site> {
    const domain = `${prefix}-${++siteCount}.test`;
    await buildSite(t.db, { domain });
    return (await t.services.sites.findByDomain(domain)) as Site;
  }

  /** A hosted profile, aged 30 and active a minute ago unless told otherwise; returns its id. */
  async function hosted(site: Site, name: string, values: Hosted = {}): Promise<number> {
    const row = await t.services.members.createHostedProfile({
      site_id: site.id,
      name,
      date_of_birth: birthDate(30),
      last_active_at: addMinutes(t.clock.now(), -1).toISOString(),
      ...values,
    });
    return row.id;
  }

  async function hostedMany(site: Site, count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) ids.push(await hosted(site, `Hosted ${i}`));
    return ids;
  }

  /** The members, each logged in on `site`. */
  async function members(site: Site, count: number): Promise<Member[]> {
    const all: Member[] = [];
    for (let i = 0; i < count; i++) all.push(await loggedInMember(t, site));
    return all;
  }

  /** The profiles like the member, new to them, each a minute before the one before it: the first is the newest. */
  async function likedBy(member: Member, likers: number[]): Promise<void> {
    const now = t.clock.now();
    await insertLikes(
      t.db,
      likers.map((liker, i) => ({
        liker_profile_id: liker,
        liked_profile_id: member.profileId,
        source: 'profile' as const,
        created_at: addMinutes(now, -1 - i).toISOString(),
        seen_at: null,
      })),
    );
  }

  /** The member likes the profiles, each a minute before the one before it: the first is the newest. */
  async function likesGiven(member: Member, liked: number[]): Promise<void> {
    const now = t.clock.now();
    await insertLikes(
      t.db,
      liked.map((id, i) => ({
        liker_profile_id: member.profileId,
        liked_profile_id: id,
        source: 'profile' as const,
        created_at: addMinutes(now, -1 - i).toISOString(),
        seen_at: null,
      })),
    );
  }

  const like = (who: Member, profileId: number) => who.visitor.post('/api/like.php', { profile_id: profileId });

  return { freshSite, hosted, hostedMany, members, likedBy, likesGiven, like };
}
