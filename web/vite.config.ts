import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * The server's build resolves Preact's ES modules by path: its libraries' CommonJS `require('react')`
 * would otherwise load Preact's CommonJS copy, a second Preact whose hooks find no component.
 */
const preactModules = (isSsrBuild: boolean | undefined) =>
  isSsrBuild
    ? [
        'preact/compat/client',
        'preact/compat/server',
        'preact/compat',
        'preact/hooks',
        'preact/jsx-runtime',
        'preact',
      ].map((name) => ({ find: new RegExp(`^${name}$`), replacement: fileURLToPath(import.meta.resolve(name)) }))
    : [];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [] : [offlinePage(), pageScripts(), compressFiles()],
  // Preact renders the app: React's API at a fraction of its weight and start-up work on a phone.
  // The libraries written for React (react-router, react-bootstrap, TanStack Query)
  // get its compatibility layer; the app's own JSX compiles to Preact's runtime.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      ...preactModules(isSsrBuild),
    ],
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  // Bundled, so that the libraries written for React get Preact through the aliases above.
  ssr: { noExternal: true },
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
          input: { main: 'index.html', landers: 'landers.html', sw: 'src/sw/sw.ts' },
          output: {
            entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
            codeSplitting: {
              groups: [{ name: appStartChunk(), tags: ['$initial'], includeDependenciesRecursively: false }],
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
