/**
 * The dependency rules of .dependency-cruiser.cjs catch what they forbid: probe files written into
 * server/src/platform for the test (and removed after it) make dependency-cruiser fail, naming the rule.
 * Only the probes and what they import, two steps deep (--max-depth 2), are cruised, not the whole tree.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const PLATFORM = path.join(ROOT, 'server/src/platform');

/** Writes the probe files (name → source) into server/src/platform, cruises them, and removes them. */
function cruiseProbes(probes: Record<string, string>): { status: number | null; report: string } {
  const files = Object.keys(probes).map((name) => path.join(PLATFORM, `${name}.ts`));
  try {
    for (const [name, source] of Object.entries(probes)) fs.writeFileSync(path.join(PLATFORM, `${name}.ts`), source);
    const result = spawnSync(
      path.join(ROOT, 'node_modules/.bin/depcruise'),
      [
        ...files.map((file) => path.relative(ROOT, file)),
        '--config',
        '.dependency-cruiser.cjs',
        '--max-depth',
        '2',
        '--output-type',
        'err',
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    return { status: result.status, report: result.stdout };
  } finally {
    for (const file of files) fs.rmSync(file, { force: true });
  }
}

const probeName = () => `lint-probe-${randomUUID().slice(0, 8)}`;

describe('the dependency rules', () => {
  const [domainUser, first, second] = [probeName(), probeName(), probeName()];
  let cruised: { status: number | null; report: string };

  // One cruise of all the probes: dependency-cruiser takes seconds to start on a busy machine.
  beforeAll(() => {
    cruised = cruiseProbes({
      [domainUser]:
        "import type { createLikesService } from '../likes/service.js';\nexport type Probe = typeof createLikesService;\n",
      [first]: `import type { Second } from './${second}.js';\nexport interface First {\n  second?: Second;\n}\n`,
      [second]: `import type { First } from './${first}.js';\nexport interface Second {\n  first?: First;\n}\n`,
    });
  }, 60_000);

  it('fail', () => {
    expect(cruised.status).not.toBe(0);
  });

  it('name the platform importing a domain', () => {
    const from = `server/src/platform/${domainUser}.ts → server/src/likes/service.ts`;
    expect(cruised.report).toContain(`error platform-imports-only-platform: ${from}`);
    expect(cruised.report).toContain(`error layer-platform: ${from}`);
  });

  it('name a circle of type-only imports', () => {
    expect(cruised.report).toMatch(new RegExp(`error no-circular: server/src/platform/(${first}|${second})\\.ts`));
  });
});
