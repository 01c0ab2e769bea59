import path from 'node:path';
import { defineConfig } from 'vite';
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

export default defineConfig({
  plugins: [offlinePage(), pageScripts(), compressFiles()],
  // Preact renders the app: React's API at a fraction of its weight and start-up work on a phone.
  // The libraries written for React (react-router, react-bootstrap, TanStack Query, react-i18next)
  // get its compatibility layer; the app's own JSX compiles to Preact's runtime.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    ],
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rollupOptions: {
      // "use client" marks server components elsewhere; in a browser-only app it means nothing.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
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
});
