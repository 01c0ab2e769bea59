/**
 * The web app's first load: what the browser fetches before the first screen can render, that is
 * the entry script with the chunks index.html preloads and the stylesheet, gzip -9 as a server
 * would send them, in KB of 1,000 bytes. Fonts and photos come after and are not counted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FirstLoad {
  javascriptKb: number;
  cssKb: number;
}

/** `page`: the HTML the browser opens (index.html for the app, landers.html for a lander). */
export function measureFirstLoad(dist: string, page = 'index.html'): FirstLoad | null {
  const indexFile = path.join(dist, page);
  if (!fs.existsSync(indexFile)) return null;
  const html = fs.readFileSync(indexFile, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  const weigh = (ending: string) =>
    assets
      .filter((asset) => asset.endsWith(ending))
      .reduce((sum, asset) => sum + gzipSync(fs.readFileSync(path.join(dist, asset)), { level: 9 }).length, 0) / 1000;
  return { javascriptKb: weigh('.js'), cssKb: weigh('.css') };
}
