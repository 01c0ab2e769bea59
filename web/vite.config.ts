import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
// Relative: Vite bundles the config's own files but loads packages as they are, and this one is TypeScript.
import { FIRST_SCREEN_RENDER_FILE } from '../common/src/app-page.js';
import { compressFiles } from './compress-files.js';
import { offlinePage } from './offline-page.js';
import { pageScripts } from './page-scripts.js';

const APP_ENTRY = path.resolve(import.meta.dirname, 'index.html');
const LANDERS_ENTRY = path.resolve(import.meta.dirname, 'landers.html');

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/** Every module `entry` imports at once (and with `later`, also those it imports when needed), itself included. */
function importGraph(graph: ModuleGraph, entry: string, { later }: { later: boolean }): Set<string> {
  const seen = new Set<string>();
  const walk = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) walk(imported);
    if (later) for (const imported of info?.dynamicallyImportedIds ?? []) walk(imported);
  };
  walk(entry);
  return seen;
}

/**
 * What the app's first page runs goes into one chunk instead of some fifty small ones, each a
 * request a phone makes before the first screen. A lander's modules keep their own chunks, so a
 * lander never loads the app, and the service worker stays one plain script.
 */
function appStartChunk() {
  let start: Set<string> | undefined;
  let landers: Set<string> | undefined;
  return (id: string, graph: ModuleGraph): string | null => {
    start ??= importGraph(graph, APP_ENTRY, { later: false });
    landers ??= importGraph(graph, LANDERS_ENTRY, { later: true });
    return start.has(id) && !landers.has(id) ? 'start' : null;
  };
}

/** "use client" marks server components elsewhere; the app has none. */
const onwarn = (warning: Rolldown.RollupLog, warn: (log: Rolldown.RollupLog) => void) => {
  if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
};

/** The server's render of the first screen (src/render.tsx): a module for Node, the app's libraries in it. */
const SERVER_RENDER = {
  outDir: path.join('dist', path.dirname(FIRST_SCREEN_RENDER_FILE)),
  emptyOutDir: true,
  copyPublicDir: false,
  target: 'node20',
  rollupOptions: { onwarn, output: { entryFileNames: path.basename(FIRST_SCREEN_RENDER_FILE) } },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), offlinePage(), pageScripts(), compressFiles()],
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  // Bundled: render.js carries its own React and libraries, so a build is served whole by any server.
  ssr: { noExternal: true },
  // React's production build on the server too (its CommonJS entry chooses by NODE_ENV at run time).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? SERVER_RENDER
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: false,
        target: 'es2022',
        rollupOptions: {
          onwarn,
          // The service worker keeps one address (/sw.js) across releases; the browser checks it for updates.
          // /load-app.js, which the server names on a page it rendered, keeps one too.
          input: { main: 'index.html', landers: 'landers.html', sw: 'src/sw/sw.ts', 'load-app': 'src/load-app.ts' },
          output: {
            entryFileNames: (chunk) =>
              chunk.name === 'sw' || chunk.name === 'load-app' ? `${chunk.name}.js` : 'assets/[name]-[hash].js',
            codeSplitting: {
              groups: [
                { name: appStartChunk(), tags: ['$initial'], includeDependenciesRecursively: false },
                // The staff desks' shared parts (layout, sign-in, api, fields, tables) as one chunk, not one each.
                {
                  name: 'staff',
                  test: /[\\/]src[\\/]features[\\/]staff[\\/]shared[\\/]/,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
  css: {
    preprocessorOptions: {
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
  },
}));
