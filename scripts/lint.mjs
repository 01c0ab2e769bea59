#!/usr/bin/env node
// `npm run lint`: Biome, the dependency rules (dependency-cruiser, .dependency-cruiser.cjs), knip
// (knip.config.ts) and the files' lengths (scripts/file-lengths.ts), each run even when one before it
// failed, with the seconds each took; fails when any of them does. docs/layers.md says what each checks.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  ['Biome', 'npx', ['biome', 'check', '.']],
  [
    'dependency rules',
    'npx',
    ['depcruise', 'server/src', 'web/src', 'common/src', '--config', '.dependency-cruiser.cjs'],
  ],
  ['knip', 'npx', ['knip']],
  ['file lengths', 'node', ['--import', 'tsx', 'scripts/file-lengths.ts']],
];

const failed = [];
for (const [title, command, args] of steps) {
  console.log(`\n▶ ${title}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${result.status === 0 ? '✓' : '✗'} ${title} (${seconds} s)`);
  if (result.status !== 0) failed.push(title);
}
if (failed.length > 0) {
  console.error(`\n✗ lint failed: ${failed.join(', ')}`);
  process.exit(1);
}
