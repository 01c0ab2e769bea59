/** Members: the profile each account has. Search, photos and profile pages build on this. */
import { ageOn, parseBirthDate } from '@amora/common';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import type { ProfileRow } from '../db/schema.js';
import * as queries from './queries.js';

export interface NewProfile {
  userId: number;
  siteId: number;
  name: string;
  dateOfBirth: string;
}

export function createMembersService(db: Db, clock: Clock) {
  function present(row: ProfileRow) {
    const birthDate = parseBirthDate(row.date_of_birth);
    return {
      id: row.id,
      name: row.name,
      age: birthDate ? ageOn(birthDate, clock.now()) : 0,
      date_of_birth: row.date_of_birth,
      status: row.status,
      main_image: null,
    };
  }

  return {
    async createProfile(profile: NewProfile, trx: Db = db) {
      return queries.insertProfile(trx, {
        user_id: profile.userId,
        site_id: profile.siteId,
        name: profile.name,
        date_of_birth: profile.dateOfBirth,
        status: 'disabled',
        created_at: clock.now().toISOString(),
      });
    },

    async ownProfile(userId: number) {
      const row = await queries.findProfileByUser(db, userId);
      if (!row) throw new Error(`user ${userId} has no profile`);
      return present(row);
    },

    /** A profile is shown to others only once its account is activated. */
    async enableProfile(userId: number, trx: Db = db) {
      await queries.updateProfileStatus(trx, userId, 'active');
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
