/** What every reader of the environment shares: its shape, and the one way a bad value stops the start. */
export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

export function fail(name: string, problem: string): never {
  throw new ConfigError(`${name}: ${problem}`);
}
