/**
 * A visitor's entry pages come with their first screen rendered by the build's render module
 * (web/src/render.tsx; here a stand-in that shows what it was given), and their scripts added once
 * the page has loaded (web/src/load-app.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_SCREEN_RENDER_FILE, PAGE_SCRIPTS_FILE } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { buildMember, buildSite, client, loggedIn, type Response, useTestApp } from './helpers.js';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-web-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html lang="en"><head><script type="module" crossorigin src="/assets/main-1a2b.js"></script>' +
    '<title>Amora</title></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(webDist, PAGE_SCRIPTS_FILE), JSON.stringify({ '/members': ['/assets/SearchPage-3c4d.js'] }));
const RENDER_FILE = path.join(webDist, FIRST_SCREEN_RENDER_FILE);
fs.mkdirSync(path.dirname(RENDER_FILE), { recursive: true });
fs.writeFileSync(
  RENDER_FILE,
  `export async function renderFirstScreen(path, answer) {
    if (answer.settings.name === 'Broken') throw new Error('cannot render');
    const faces = answer.faces ? answer.faces.profiles.length : 'no';
    return '<p data-path="' + path + '">' + answer.settings.name + ': ' + faces + ' faces, texts of ' +
      Object.keys(answer.catalogues).join(',') + ', ' + (answer.user ? 'a member' : 'a visitor') + '</p>';
  }\n`,
);

const t = useTestApp({ env: { WEB_DIST: webDist } });

const rootOf = (response: Response) => response.body.match(/<div id="root">(.*?)<\/div>/s)?.[1];
/** The scripts the page names outside the template that holds them until the page has loaded. */
const scriptsAtOnce = (response: Response) =>
  response.body
    .replace(/<template id="app-scripts">.*?<\/template>/s, '')
    .match(/<script type="module"|modulepreload/g);
const waitingScripts = (response: Response) =>
  response.body.match(/<template id="app-scripts">(.*?)<\/template><script src="\/load-app.js" defer><\/script>/s)?.[1];

describe("a visitor's first screen", () => {
  it.each(['/', '/members', '/members?network=spring', '/pages/terms'])(
    "comes rendered in %s, with the app's scripts waiting until the page has loaded",
    async (url) => {
      const response = await client(t.app).get(url);
      expect(response.statusCode).toBe(200);
      expect(rootOf(response)).toMatch(
        new RegExp(`^<p data-path="${url.replace('?', '\\?')}">Amora: (\\d+|no) faces, texts of en, a visitor</p>$`),
      );
      expect(waitingScripts(response)).toMatch(
        /^<script type="module" crossorigin src="\/assets\/main-1a2b.js"><\/script>/,
      );
      expect(scriptsAtOnce(response)).toBeNull();
    },
  );

  it('carries the faces it shows, the same the page gives the browser', async () => {
    // The demo's own member is a test account, which no visitor finds: a member to show.
    await buildMember(t.services);
    const response = await client(t.app).get('/members');
    const faces = Number(rootOf(response)?.match(/: (\d+) faces/)?.[1]);
    expect(faces).toBeGreaterThan(0);
    expect(waitingScripts(response)).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/SearchPage-3c4d.js" />',
    );
  });

  it.each(['/members?gender=female', '/members?page=2', '/login', '/members/1', '/chats'])(
    'is left to the browser in %s, whose first answer does not hold what it shows',
    async (url) => {
      const response = await client(t.app).get(url);
      expect(response.statusCode).toBe(200);
      expect(rootOf(response)).toBe('');
      expect(response.body).toContain('<script type="module" crossorigin src="/assets/main-1a2b.js">');
      expect(waitingScripts(response)).toBeUndefined();
    },
  );

  it("is left to the browser for a signed-in member, whose screen is the member's own", async () => {
    const member = await loggedIn(t.app, await buildMember(t.services));
    for (const url of ['/', '/members']) {
      const response = await member.get(url);
      expect(rootOf(response)).toBe('');
    }
  });

  it('is left to the browser where it fails to render, and the page still comes', async () => {
    await buildSite(t.db, { domain: 'broken.test', name: 'Broken' });
    const broken = await client(t.app, { host: 'broken.test' }).get('/members');
    expect(broken.statusCode).toBe(200);
    expect(rootOf(broken)).toBe('');
    expect(broken.body).toContain('id="app-answer"');
  });

  it("keeps the render's text as it is, replacement patterns too", async () => {
    await buildSite(t.db, { domain: 'dollars.test', name: "Love $& $' $`" });
    const response = await client(t.app, { host: 'dollars.test' }).get('/');
    expect(rootOf(response)).toContain("Love $& $' $`: ");
  });

  it('keeps the render module from the browser', async () => {
    const response = await client(t.app).get(`/${FIRST_SCREEN_RENDER_FILE}`);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('renderFirstScreen');
  });
});
