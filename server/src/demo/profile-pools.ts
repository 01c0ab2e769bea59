/** What hosted profiles are drawn from: first names by country, well-known cities and about-me fragments. */
import { allCities, type City, regionsOf } from '../geo/service.js';
import type { Random } from './random.js';

const FIRST_NAMES: Record<string, { female: string[]; male: string[] }> = {
  NL: {
    female: [
      'Sanne',
      'Lotte',
      'Anouk',
      'Fleur',
      'Femke',
      'Iris',
      'Marloes',
      'Esther',
      'Ingrid',
      'Noor',
      'Lieke',
      'Eline',
      'Maud',
      'Roos',
      'Evi',
    ],
    male: ['Daan', 'Bram', 'Sem', 'Thijs', 'Joost', 'Ruben', 'Pieter', 'Maarten', 'Jeroen', 'Koen', 'Stijn', 'Wouter'],
  },
  BE: {
    female: [
      'Elise',
      'Louise',
      'Marie',
      'Lien',
      'Amélie',
      'Charlotte',
      'Hanne',
      'Camille',
      'Ine',
      'Sofie',
      'Nathalie',
      'Lore',
      'Jolien',
      'Emma',
    ],
    male: ['Wout', 'Arne', 'Lucas', 'Pieter-Jan', 'Maxime', 'Jonas', 'Tom', 'Gilles', 'Koen', 'Thibault', 'Stef'],
  },
  DE: {
    female: [
      'Anna',
      'Lena',
      'Julia',
      'Katharina',
      'Sabine',
      'Laura',
      'Miriam',
      'Franziska',
      'Petra',
      'Hannah',
      'Jana',
      'Svenja',
      'Carolin',
      'Nina',
    ],
    male: ['Lukas', 'Jonas', 'Felix', 'Maximilian', 'Tobias', 'Stefan', 'Florian', 'Matthias', 'Jan', 'Uwe', 'Niklas'],
  },
  GB: {
    female: [
      'Emily',
      'Olivia',
      'Sophie',
      'Charlotte',
      'Amelia',
      'Grace',
      'Hannah',
      'Chloe',
      'Lucy',
      'Ellie',
      'Rebecca',
      'Isla',
      'Poppy',
      'Freya',
    ],
    male: ['Oliver', 'Harry', 'Jack', 'George', 'James', 'Thomas', 'William', 'Callum', 'Jamie', 'Rhys', 'Owen'],
  },
  FR: {
    female: [
      'Camille',
      'Léa',
      'Manon',
      'Chloé',
      'Juliette',
      'Inès',
      'Clémence',
      'Margaux',
      'Élodie',
      'Sylvie',
      'Pauline',
      'Océane',
      'Anaïs',
      'Mathilde',
    ],
    male: [
      'Louis',
      'Hugo',
      'Théo',
      'Julien',
      'Antoine',
      'Nicolas',
      'Mathieu',
      'Baptiste',
      'Pierre',
      'Romain',
      'Olivier',
    ],
  },
  ES: {
    female: [
      'Lucía',
      'María',
      'Carmen',
      'Paula',
      'Laura',
      'Marta',
      'Sofía',
      'Elena',
      'Irene',
      'Nerea',
      'Alba',
      'Ainhoa',
      'Noelia',
      'Rocío',
    ],
    male: ['Javier', 'Carlos', 'Pablo', 'Alejandro', 'Diego', 'Sergio', 'Álvaro', 'Miguel', 'Jorge', 'Iker', 'Raúl'],
  },
  IT: {
    female: [
      'Giulia',
      'Chiara',
      'Francesca',
      'Sara',
      'Martina',
      'Alessia',
      'Valentina',
      'Elisa',
      'Federica',
      'Silvia',
      'Beatrice',
      'Ilaria',
      'Giorgia',
    ],
    male: ['Marco', 'Luca', 'Matteo', 'Alessandro', 'Andrea', 'Davide', 'Giorgio', 'Simone', 'Paolo', 'Stefano'],
  },
  PL: {
    female: [
      'Anna',
      'Zofia',
      'Katarzyna',
      'Magdalena',
      'Agnieszka',
      'Julia',
      'Natalia',
      'Ewa',
      'Karolina',
      'Joanna',
      'Aleksandra',
      'Monika',
      'Dorota',
    ],
    male: ['Jakub', 'Piotr', 'Tomasz', 'Krzysztof', 'Michał', 'Paweł', 'Kacper', 'Marcin', 'Łukasz', 'Bartek'],
  },
  DK: {
    female: [
      'Freja',
      'Ida',
      'Mette',
      'Sofie',
      'Camilla',
      'Line',
      'Maja',
      'Louise',
      'Signe',
      'Karen',
      'Nanna',
      'Cecilie',
      'Trine',
    ],
    male: ['Mads', 'Rasmus', 'Frederik', 'Mikkel', 'Søren', 'Anders', 'Magnus', 'Jens', 'Kasper', 'Emil'],
  },
  FI: {
    female: [
      'Aino',
      'Emilia',
      'Sanna',
      'Laura',
      'Helmi',
      'Noora',
      'Johanna',
      'Kaisa',
      'Elina',
      'Minna',
      'Sini',
      'Riikka',
      'Veera',
    ],
    male: ['Mikko', 'Juha', 'Antti', 'Eero', 'Ville', 'Jussi', 'Lauri', 'Matti', 'Teemu', 'Onni'],
  },
  NO: {
    female: [
      'Ingrid',
      'Nora',
      'Kari',
      'Silje',
      'Ingvild',
      'Hanne',
      'Marit',
      'Thea',
      'Sigrid',
      'Astrid',
      'Tuva',
      'Ragnhild',
      'Solveig',
    ],
    male: ['Lars', 'Ole', 'Magnus', 'Håkon', 'Eirik', 'Sindre', 'Jonas', 'Kristian', 'Bjørn', 'Henrik'],
  },
  SE: {
    female: [
      'Elin',
      'Maja',
      'Ebba',
      'Linnea',
      'Karin',
      'Sara',
      'Johanna',
      'Frida',
      'Alva',
      'Matilda',
      'Saga',
      'Tove',
      'Klara',
    ],
    male: ['Erik', 'Oskar', 'Anders', 'Johan', 'Gustav', 'Nils', 'Viktor', 'Axel', 'Fredrik', 'Linus'],
  },
};

const FALLBACK_NAMES = FIRST_NAMES.GB as { female: string[]; male: string[] };

/** Well-known cities first (as the geo data spells them); any other city of the country fills in. */
const WELL_KNOWN_CITIES: Record<string, string[]> = {
  NL: ['Amsterdam', 'Rotterdam', 'The Hague', 'Utrecht', 'Eindhoven', 'Groningen', 'Haarlem', 'Nijmegen', 'Leiden'],
  BE: ['Brussels', 'Antwerpen', 'Gent', 'Liège', 'Brugge', 'Namur', 'Leuven', 'Mechelen', 'Hasselt'],
  DE: ['Berlin', 'Hamburg', 'Munich', 'Köln', 'Frankfurt am Main', 'Stuttgart', 'Düsseldorf', 'Leipzig', 'Dresden'],
  GB: ['London', 'Manchester', 'Birmingham', 'Leeds', 'Glasgow', 'Bristol', 'Edinburgh', 'Cardiff', 'Brighton'],
  FR: ['Paris', 'Marseille', 'Lyon', 'Toulouse', 'Nice', 'Nantes', 'Strasbourg', 'Bordeaux', 'Lille', 'Montpellier'],
  ES: ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Zaragoza', 'Málaga', 'Bilbao', 'Granada', 'Alicante'],
  IT: ['Rome', 'Milan', 'Naples', 'Turin', 'Bologna', 'Florence', 'Genoa', 'Verona', 'Venice', 'Bari'],
  PL: ['Warsaw', 'Kraków', 'Łódź', 'Wrocław', 'Poznań', 'Gdańsk', 'Szczecin', 'Lublin', 'Katowice'],
  DK: ['Copenhagen', 'Århus', 'Odense', 'Aalborg', 'Esbjerg', 'Roskilde', 'Vejle'],
  FI: ['Helsinki', 'Espoo', 'Vantaa', 'Oulu', 'Turku', 'Jyväskylä', 'Lahti', 'Kuopio'],
  NO: ['Oslo', 'Bergen', 'Trondheim', 'Stavanger', 'Drammen', 'Kristiansand', 'Tromsø', 'Ålesund'],
  SE: ['Stockholm', 'Göteborg', 'Malmö', 'Uppsala', 'Västerås', 'Örebro', 'Linköping', 'Lund', 'Umeå'],
};

const ABOUT_OPENERS = [
  'Easy-going and curious,',
  'Born optimist,',
  'Part-time daydreamer, full-time coffee lover,',
  'Calm on the outside, a little adventurous on the inside,',
  'Friendly, honest and a bit of a chatterbox,',
  'Bookworm by night and early riser by choice,',
  'New in town and',
  'Proud owner of too many houseplants,',
  'Spontaneous, warm and always up for a laugh,',
  'A city person who secretly loves the countryside,',
];

const ABOUT_MIDDLES = [
  'I spend my weekends hiking and hunting for the best brunch spot.',
  'I love cooking for friends and trying recipes I cannot pronounce.',
  'you can usually find me at a concert, a market or a cosy café.',
  'I work hard, but I never skip a sunset by the water.',
  'I am happiest on a bike, with music in my ears and no plans at all.',
  'my perfect evening is a good film, a glass of wine and great company.',
  'I have a soft spot for dogs, old cinemas and rainy Sunday mornings.',
  'I am learning to dance salsa and, so far, my feet are still friends with me.',
  'travelling is my thing: next on my list is a road trip along the coast.',
  'I recently swapped the gym for yoga and I am not looking back.',
];

const ABOUT_CLOSERS = [
  'Looking for someone kind to share stories with.',
  'Say hi if you like long walks and longer conversations!',
  'Let’s see where a first chat takes us.',
  'I value honesty, humour and a good cup of tea.',
  'Bonus points if you can recommend a good book.',
  'Tell me about your favourite place in the world.',
  'Here to meet new people and maybe someone special.',
  'Make me laugh and you have already won me over.',
  'Not in a hurry: good things take their time.',
  'Send me a message with your best travel story.',
];

const ABOUT_POOL_SIZE = 30;

/** About-me texts composed from the fragments: `size` different lines. */
export function aboutTexts(random: Random, size = ABOUT_POOL_SIZE): string[] {
  const texts = new Set<string>();
  while (texts.size < size) {
    const opener = random.pick(ABOUT_OPENERS);
    const middle = random.pick(ABOUT_MIDDLES);
    const closer = random.chance(0.8) ? ` ${random.pick(ABOUT_CLOSERS)}` : '';
    texts.add(`${opener} ${middle}${closer}`);
  }
  return [...texts];
}

export function citiesPerCountry(countries: readonly string[]): Map<string, { wellKnown: City[]; all: City[] }> {
  const byCountry = new Map<string, { wellKnown: City[]; all: City[] }>();
  for (const country of countries) byCountry.set(country, { wellKnown: [], all: [] });
  const validRegions = new Set(regionsOf([...countries]).map((region) => `${region.country}/${region.code}`));
  for (const city of allCities()) {
    const entry = byCountry.get(city.country);
    if (!entry || !validRegions.has(`${city.country}/${city.region}`)) continue;
    entry.all.push(city);
    if (WELL_KNOWN_CITIES[city.country]?.includes(city.name) && !entry.wellKnown.some((c) => c.name === city.name)) {
      entry.wellKnown.push(city);
    }
  }
  return byCountry;
}

/**
 * Picks names so that none repeats while the pools last: the country's unused names first, then
 * any country's unused names of that gender, and only then a repeat. One draw per name, as a plain
 * pick takes, so the rest of each profile stays the same for a seed.
 */
export function namePicker(random: Random) {
  const used = new Set<string>();
  const allOf = (gender: 'female' | 'male') => Object.values(FIRST_NAMES).flatMap((names) => names[gender]);
  return (country: string, gender: 'female' | 'male'): string => {
    const own = (FIRST_NAMES[country] ?? FALLBACK_NAMES)[gender].filter((name) => !used.has(name));
    const anywhere = own.length > 0 ? own : [...new Set(allOf(gender))].filter((name) => !used.has(name));
    const name = random.pick(anywhere.length > 0 ? anywhere : allOf(gender));
    used.add(name);
    return name;
  };
}
