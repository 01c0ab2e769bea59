#!/usr/bin/env node
// `npm run build` (with the web app): the server and its command-line tools compiled to plain
// JavaScript in server/dist, so production runs no TypeScript loader. The workspace's own code
// (@amora/common, TypeScript sources) is bundled in; every installed package stays an import.
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const WORKSPACE_PREFIX = '@amora/';

/** Packages from node_modules are loaded by Node as installed; only relative and workspace imports are bundled. */
const installedPackagesExternal = {
  name: 'installed-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith(WORKSPACE_PREFIX) ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
await esbuild.build({
  absWorkingDir: root,
  entryPoints: [
    'server/src/main.ts',
    'server/src/cli/seed.ts',
    'server/src/cli/sites.ts',
    'server/src/cli/staff.ts',
    'server/src/cli/keys.ts',
    'server/src/cli/media.ts',
  ],
  outdir: 'server/dist',
  // Every entry sits at the same depth as its source (server/src and server/dist), so paths read
  // relative to a file, such as common/locales, hold in both.
  outbase: 'server/src',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [installedPackagesExternal],
});
console.log(`Built the server into server/dist in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
