import { type Kysely, sql } from 'kysely';

/**
 * Issue 35: the regions members pick are the official ones (geo/regions.ts). Profiles keep their
 * place: a town the data filed under "North Yorkshire" is in Northern Ireland, under "León" in
 * Castilla y León, and Norway's counties before 2024 are now parts of the current ones. Written out
 * here, as they were when this ran.
 */
const MOVES: [country: string, from: string, to: string][] = [
  ['GB', 'NYK', 'NIR'],
  ['ES', 'LE', 'CL'],
  ['NO', '01', '31'],
  ['NO', '02', '32'],
  ['NO', '04', '34'],
  ['NO', '05', '34'],
  ['NO', '06', '33'],
  ['NO', '07', '39'],
  ['NO', '08', '40'],
  ['NO', '09', '42'],
  ['NO', '10', '42'],
  ['NO', '12', '46'],
  ['NO', '14', '46'],
  ['NO', '16', '50'],
  ['NO', '17', '50'],
  ['NO', '19', '55'],
  ['NO', '20', '56'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [country, from, to] of MOVES) {
    await sql`update profiles set region = ${to} where country = ${country} and region = ${from}`.execute(db);
  }
}
