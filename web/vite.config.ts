import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressFiles } from './compress-files.js';
import { offlinePage } from './offline-page.js';

const LANDERS_ENTRY = path.resolve(import.meta.dirname, 'landers.html');

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/** Every module `entry` imports, at once or later, itself included. */
function importGraph(graph: ModuleGraph, entry: string): Set<string> {
  const seen = new Set<string>();
  const walk = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    for (const imported of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) walk(imported);
  };
  walk(entry);
  return seen;
}

/**
 * What the app's first page runs goes into one chunk instead of some fifty small ones, each a
 * request a phone makes before the first screen. A lander's modules keep their own chunks, so a
 * lander never loads the app.
 */
function appStartChunk() {
  let landers: Set<string> | undefined;
  return (id: string, graph: ModuleGraph): string | null => {
    landers ??= importGraph(graph, LANDERS_ENTRY);
    return landers.has(id) ? null : 'start';
  };
}

export default defineConfig({
  plugins: [react(), offlinePage(), compressFiles()],
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rollupOptions: {
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
