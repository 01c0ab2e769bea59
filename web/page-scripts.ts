/**
 * Writes page-scripts.json (PAGE_SCRIPTS_FILE): for each address of the app's router
 * (src/app/router.tsx), the scripts its page loads beyond what index.html already loads. The server
 * names them in the page's head (`modulepreload`), so a phone fetches the page's code beside the
 * app's instead of after it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
// A relative import: Vite bundles the config's own files but loads packages as they are, and
// this one is TypeScript.
import { PAGE_SCRIPTS_FILE } from '../common/src/app-page.js';

const ROUTER = path.resolve(import.meta.dirname, 'src/app/router.tsx');

/**
 * Each route's path and the module of its page, as router.tsx writes them:
 * `{ path: '/x', ...page(() => import('../pages/x/XPage')) }`.
 */
export function routePages(source: string): [string, string][] {
  const routes = [...source.matchAll(/path: '([^']+)',\s*\.\.\.page\(\(\) => import\('([^']+)'\)\)/g)];
  const pages = source.match(/\.\.\.page\(/g)?.length ?? 0;
  if (routes.length !== pages)
    throw new Error(`router.tsx: ${pages} pages, but ${routes.length} read as path and module`);
  return routes.map(([, route = '', module = '']) => [route, path.resolve(path.dirname(ROUTER), module)]);
}

export function pageScripts(): Plugin {
  return {
    name: 'amora-page-scripts',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (file: string, into: Set<string>) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) withImports(imported, into);
        return into;
      };
      const app = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html'));
      if (!app) throw new Error('page-scripts: no chunk for index.html');
      const loadedByApp = withImports(app.fileName, new Set());
      const pageChunk = (module: string) => {
        const chunk = chunks.find((each) => each.facadeModuleId?.replace(/\.tsx?$/, '') === module);
        if (!chunk) throw new Error(`page-scripts: no chunk for ${module}`);
        return chunk;
      };
      const routes = routePages(fs.readFileSync(ROUTER, 'utf8')).map(([route, module]) => [
        route,
        [...withImports(pageChunk(module).fileName, new Set())]
          .filter((file) => !loadedByApp.has(file))
          .map((file) => `/${file}`),
      ]);
      this.emitFile({
        type: 'asset',
        fileName: PAGE_SCRIPTS_FILE,
        source: `${JSON.stringify(Object.fromEntries(routes), null, 1)}\n`,
      });
    },
  };
}
