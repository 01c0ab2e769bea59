import { type Kysely, sql } from 'kysely';

/**
 * The data set filed Pohjois-Savo's towns under Pirkanmaa's code (geo/regions.ts): a member who
 * lives in one of them is in Pohjois-Savo. A profile under Pirkanmaa without one of these towns
 * chose Pirkanmaa itself and stays. The towns are written out as the data had them when this ran.
 */
const POHJOIS_SAVO_TOWNS = [
  'Iisalmi',
  'Juankoski',
  'Kaavi',
  'Kangaslampi',
  'Karttula',
  'Keitele',
  'Kiuruvesi',
  'Kuopio',
  'Lapinlahti',
  'Leppävirta',
  'Maaninka',
  'Nilsiä',
  'Pielavesi',
  'Rautalampi',
  'Rautavaara',
  'Siilinjärvi',
  'Sonkajärvi',
  'Suonenjoki',
  'Tervo',
  'Tuusniemi',
  'Varkaus',
  'Varpaisjärvi',
  'Vehmersalmi',
  'Vesanto',
  'Vieremä',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update profiles set region = '15'
    where country = 'FI' and region = '11' and city in (${sql.join(POHJOIS_SAVO_TOWNS)})`.execute(db);
}
