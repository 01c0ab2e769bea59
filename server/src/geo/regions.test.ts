import { describe, expect, it } from 'vitest';
import { citiesMatching, regionsOf } from './service.js';

/** Each served country's regions at the level a member picks, as the country names them. */
const OFFICIAL: Record<string, string[]> = {
  GB: ['England', 'Northern Ireland', 'Scotland', 'Wales'],
  NL: [
    'Drenthe',
    'Flevoland',
    'Friesland',
    'Gelderland',
    'Groningen',
    'Limburg',
    'Noord-Brabant',
    'Noord-Holland',
    'Overijssel',
    'Utrecht',
    'Zeeland',
    'Zuid-Holland',
  ],
  BE: ['Brussel · Bruxelles', 'Vlaanderen', 'Wallonie'],
  DE: [
    'Baden-Württemberg',
    'Bayern',
    'Berlin',
    'Brandenburg',
    'Bremen',
    'Hamburg',
    'Hessen',
    'Mecklenburg-Vorpommern',
    'Niedersachsen',
    'Nordrhein-Westfalen',
    'Rheinland-Pfalz',
    'Saarland',
    'Sachsen',
    'Sachsen-Anhalt',
    'Schleswig-Holstein',
    'Thüringen',
  ],
  FR: [
    'Auvergne-Rhône-Alpes',
    'Bourgogne-Franche-Comté',
    'Bretagne',
    'Centre-Val de Loire',
    'Corse',
    'Grand Est',
    'Hauts-de-France',
    'Île-de-France',
    'Normandie',
    'Nouvelle-Aquitaine',
    'Occitanie',
    'Pays de la Loire',
    "Provence-Alpes-Côte d'Azur",
  ],
  ES: [
    'Andalucía',
    'Aragón',
    'Asturias',
    'Canarias',
    'Cantabria',
    'Castilla y León',
    'Castilla-La Mancha',
    'Cataluña',
    'Ceuta',
    'Comunidad de Madrid',
    'Comunidad Valenciana',
    'Extremadura',
    'Galicia',
    'Illes Balears',
    'La Rioja',
    'Melilla',
    'Navarra',
    'País Vasco',
    'Región de Murcia',
  ],
  IT: [
    'Abruzzo',
    'Basilicata',
    'Calabria',
    'Campania',
    'Emilia-Romagna',
    'Friuli-Venezia Giulia',
    'Lazio',
    'Liguria',
    'Lombardia',
    'Marche',
    'Molise',
    'Piemonte',
    'Puglia',
    'Sardegna',
    'Sicilia',
    'Toscana',
    'Trentino-Alto Adige',
    'Umbria',
    "Valle d'Aosta",
    'Veneto',
  ],
  PL: [
    'Dolnośląskie',
    'Kujawsko-pomorskie',
    'Łódzkie',
    'Lubelskie',
    'Lubuskie',
    'Małopolskie',
    'Mazowieckie',
    'Opolskie',
    'Podkarpackie',
    'Podlaskie',
    'Pomorskie',
    'Śląskie',
    'Świętokrzyskie',
    'Warmińsko-mazurskie',
    'Wielkopolskie',
    'Zachodniopomorskie',
  ],
  DK: ['Region Hovedstaden', 'Region Midtjylland', 'Region Nordjylland', 'Region Sjælland', 'Region Syddanmark'],
  FI: [
    'Ahvenanmaa',
    'Etelä-Karjala',
    'Etelä-Pohjanmaa',
    'Etelä-Savo',
    'Kainuu',
    'Kanta-Häme',
    'Keski-Pohjanmaa',
    'Keski-Suomi',
    'Kymenlaakso',
    'Lappi',
    'Päijät-Häme',
    'Pirkanmaa',
    'Pohjanmaa',
    'Pohjois-Karjala',
    'Pohjois-Pohjanmaa',
    'Pohjois-Savo',
    'Satakunta',
    'Uusimaa',
    'Varsinais-Suomi',
  ],
  // The counties since the reform of 1 January 2024.
  NO: [
    'Agder',
    'Akershus',
    'Buskerud',
    'Finnmark',
    'Innlandet',
    'Møre og Romsdal',
    'Nordland',
    'Oslo',
    'Østfold',
    'Rogaland',
    'Telemark',
    'Troms',
    'Trøndelag',
    'Vestfold',
    'Vestland',
  ],
  SE: [
    'Blekinge',
    'Dalarna',
    'Gävleborg',
    'Gotland',
    'Halland',
    'Jämtland',
    'Jönköping',
    'Kalmar',
    'Kronoberg',
    'Norrbotten',
    'Örebro',
    'Östergötland',
    'Skåne',
    'Södermanland',
    'Stockholm',
    'Uppsala',
    'Värmland',
    'Västerbotten',
    'Västernorrland',
    'Västmanland',
    'Västra Götaland',
  ],
};

const sorted = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b));

describe('regions of the served countries', () => {
  it.each(Object.entries(OFFICIAL))('%s offers its official regions', (country, names) => {
    expect(sorted(regionsOf([country]).map((region) => region.name))).toEqual(sorted(names));
  });

  it('files each town under its own region', () => {
    const regionOf = (country: string, town: string) =>
      regionsOf([country]).find((region) => region.code === citiesMatching(country, undefined, town)[0]?.region)?.name;
    expect(regionOf('GB', 'Belfast')).toBe('Northern Ireland');
    expect(regionOf('ES', 'Valladolid')).toBe('Castilla y León');
    expect(regionOf('NO', 'Bergen')).toBe('Vestland');
    expect(regionOf('NO', 'Lillehammer')).toBe('Innlandet');
    expect(regionOf('FI', 'Kuopio')).toBe('Pohjois-Savo');
    expect(regionOf('FI', 'Tampere')).toBe('Pirkanmaa');
    expect(regionOf('FI', 'Mariehamn')).toBe('Ahvenanmaa');
  });

  it('has towns in every region a member can pick', () => {
    for (const country of Object.keys(OFFICIAL)) {
      const empty = regionsOf([country]).filter((region) => citiesMatching(country, region.code, '').length === 0);
      expect(empty.map((region) => `${country} ${region.name}`)).toEqual([]);
    }
  });
});
