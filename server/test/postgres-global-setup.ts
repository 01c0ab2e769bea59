/** Runs before the api-postgres project: with CI=true a missing PostgreSQL fails the run. */
import { postgresProblem, TEST_POSTGRES_URL } from './postgres.js';

export default async function setup(): Promise<void> {
  const problem = await postgresProblem();
  if (problem) {
    throw new Error(`api-postgres needs PostgreSQL at ${TEST_POSTGRES_URL} (set TEST_POSTGRES_URL): ${problem}`);
  }
}
