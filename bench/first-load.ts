/**
 * The web app's first load: what the browser fetches before the first screen can render, that is
 * the entry script with the chunks index.html preloads and the stylesheet, as the server sends them
 * to a browser that takes Brotli (the .br copies of the build, web/compress-files.ts), in KB of
 * 1,000 bytes. Fonts and photos come after and are not counted. `npm run bench` reports it, and
 * `npm test` holds the app's first page to FIRST_PAGE_BUDGET_BYTES (scripts/first-page-weight.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

/** The most the app's first page (index.html) may weigh on the wire, JavaScript and CSS together (DESIGN.md). */
export const FIRST_PAGE_BUDGET_BYTES = 150_000;

export interface FirstLoad {
  javascriptKb: number;
  cssKb: number;
}

/** A file's Brotli copy; a file too small to have one goes as it is. */
const onTheWire = (file: string) => fs.statSync(fs.existsSync(`${file}.br`) ? `${file}.br` : file).size;

/** `page`: the HTML the browser opens (index.html for the app, landers.html for a lander). */
export function measureFirstLoad(dist: string, page = 'index.html'): FirstLoad | null {
  const indexFile = path.join(dist, page);
  if (!fs.existsSync(indexFile)) return null;
  const html = fs.readFileSync(indexFile, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  const weigh = (ending: string) =>
    assets
      .filter((asset) => asset.endsWith(ending))
      .reduce((sum, asset) => sum + onTheWire(path.join(dist, asset)), 0) / 1000;
  return { javascriptKb: weigh('.js'), cssKb: weigh('.css') };
}
