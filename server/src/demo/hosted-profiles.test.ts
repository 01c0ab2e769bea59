import { SERVED_COUNTRIES } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { generateHostedProfiles } from './hosted-profiles.js';
import { DEMO_HOSTED_PROFILES, DEMO_SEED } from './seed.js';

const now = new Date('2026-11-27T00:00:00Z');

describe('the demo hosted profiles', () => {
  it('never repeat a name within the profiles of a fresh demo site', () => {
    const profiles = generateHostedProfiles(DEMO_HOSTED_PROFILES, {
      countries: SERVED_COUNTRIES,
      now,
      seed: DEMO_SEED,
    });
    const names = profiles.map((profile) => profile.name);
    expect(new Set(names).size).toBe(DEMO_HOSTED_PROFILES);
  });

  it('never repeat a name on a one-country site while its names last', () => {
    const profiles = generateHostedProfiles(24, { countries: ['NL'], now, seed: DEMO_SEED + 1 });
    expect(new Set(profiles.map((profile) => profile.name)).size).toBe(24);
  });
});
