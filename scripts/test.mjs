#!/usr/bin/env node
// `npm test`: typecheck, lint (Biome, dependency-cruiser's layer rules, knip), unit and API tests
// (SQLite, PostgreSQL, Redis), then the web app's build, its first page's weight against the budget
// (scripts/first-page-weight.ts) and the end-to-end suite in Chromium. With CI=true a missing
// PostgreSQL, Redis or Chromium fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const ci = process.env.CI === 'true';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✗ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']);
run('typecheck web', 'npx', ['tsc', '-p', 'web/tsconfig.json']);
run('lint (Biome, the dependency rules, knip)', 'npm', ['run', 'lint']);
run('unit and API tests', 'npx', ['vitest', 'run']);

if (!fs.existsSync(chromium)) {
  if (ci) {
    console.error(`✗ Chromium not found at ${chromium}; CI needs it (apt-get install -y chromium)`);
    process.exit(1);
  }
  console.warn(
    `! Chromium not found at ${chromium}: end-to-end tests skipped (install it with apt-get install -y chromium)`,
  );
  process.exit(0);
}
run('build web app', 'npm', ['run', 'build', '-w', 'web']);
run("the first page's weight against its budget", 'node', ['--import', 'tsx', 'scripts/first-page-weight.ts']);
run('end-to-end tests', 'npx', ['playwright', 'test']);
