import { describe, expect, it } from 'vitest';
import { buildSite, client, useTestApp } from './helpers.js';

const t = useTestApp({
  setup: async (t) => {
    await buildSite(t.db, { domain: 'dutch.test', settings: { countries: ['NL'] } });
    await buildSite(t.db, { domain: 'british.test', settings: { countries: ['GB'] } });
  },
});

describe('GET /api/geocode.php', () => {
  it('places a position in the nearest city, with its region', async () => {
    const response = await client(t.app).get('/api/geocode.php?lat=52.37&lon=4.89');
    expect(response.statusCode).toBe(200);
    const place = response.json();
    expect(place).toMatchObject({ country: 'NL', region: 'NH', city: 'Amsterdam' });
    expect(place.latitude).toBeCloseTo(52.37, 1);
    expect(place.longitude).toBeCloseTo(4.89, 1);
  });

  it('answers geocode_failed for a position far out at sea', async () => {
    const response = await client(t.app).get('/api/geocode.php?lat=54.5&lon=3.5');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('geocode_failed');
  });

  it("answers geocode_failed for a position outside the site's countries", async () => {
    const newYork = await client(t.app).get('/api/geocode.php?lat=40.71&lon=-74.01');
    expect(newYork.statusCode).toBe(404);
    expect(newYork.json().error).toBe('geocode_failed');

    const munich = await client(t.app, { host: 'dutch.test' }).get('/api/geocode.php?lat=48.14&lon=11.58');
    expect(munich.json().error).toBe('geocode_failed');
  });

  it('places a position near a border in a city of the site', async () => {
    // Kerkrade (NL) and Herzogenrath (DE) touch; a Dutch-only site answers the Dutch side.
    const response = await client(t.app, { host: 'dutch.test' }).get('/api/geocode.php?lat=50.86&lon=6.09');
    expect(response.statusCode).toBe(200);
    expect(response.json().country).toBe('NL');
  });

  it('refuses a position that is no position', async () => {
    const response = await client(t.app).get('/api/geocode.php?lat=95&lon=4.89');
    expect(response.statusCode).toBe(422);
    expect((await client(t.app).get('/api/geocode.php?lat=abc&lon=4.89')).statusCode).toBe(422);
  });
});

describe('GET /api/cities.php', () => {
  const cityNames = async (query: string, host?: string) => {
    const response = await client(t.app, { host }).get(`/api/cities.php?${query}`);
    expect(response.statusCode).toBe(200);
    return (response.json().cities as { name: string; region: string }[]).map((city) => city.name);
  };

  it('suggests the cities whose name starts with what was typed, with their region', async () => {
    const response = await client(t.app).get('/api/cities.php?country=NL&q=amst');
    expect(response.json().cities).toContainEqual({ name: 'Amsterdam', region: 'NH' });
    expect(await cityNames('country=NL&q=Amst')).toContain('Amstelveen');
  });

  it('suggests in alphabetical order across regions', async () => {
    const names = await cityNames('country=NL&q=R');
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(await cityNames('country=NL&q=Rotte')).toContain('Rotterdam');
  });

  it('narrows to a region', async () => {
    const names = await cityNames('country=NL&region=UT&q=');
    expect(names).toContain('Amersfoort');
    expect(names).not.toContain('Amsterdam');
  });

  it("answers no cities for a country that is not one of the site's", async () => {
    expect(await cityNames('country=US&q=New')).toEqual([]);
    expect(await cityNames('country=DE&q=Ber', 'dutch.test')).toEqual([]);
    expect(await cityNames('country=DE&q=Berlin')).toContain('Berlin');
  });
});

describe('GET /api/regions.php', () => {
  it("lists the regions of the site's countries by their local names", async () => {
    const regions = (await client(t.app).get('/api/regions.php')).json().regions;
    expect(regions).toContainEqual({ country: 'NL', code: 'NH', name: 'Noord-Holland' });
    expect(regions).toContainEqual({ country: 'DE', code: 'BY', name: 'Bayern' });

    const dutch = (await client(t.app, { host: 'dutch.test' }).get('/api/regions.php')).json().regions;
    expect(new Set(dutch.map((region: { country: string }) => region.country))).toEqual(new Set(['NL']));
    expect(dutch).toHaveLength(12);
  });
});

describe('the regions a member picks', () => {
  it("are the UK's four countries, with Belfast in Northern Ireland", async () => {
    const regions = await client(t.app, { host: 'british.test' }).get('/api/regions.php');
    expect(regions.json().regions.map((region: { name: string }) => region.name)).toEqual([
      'England',
      'Northern Ireland',
      'Scotland',
      'Wales',
    ]);
    const belfast = await client(t.app, { host: 'british.test' }).get('/api/geocode.php?lat=54.6&lon=-5.93');
    expect(belfast.json()).toMatchObject({ country: 'GB', region: 'NIR', city: 'Belfast' });
  });
});
