/**
 * Renews the README's screen gallery from the end-to-end journeys' screenshots: each screen's first
 * window, as a phone and a desktop show it, into docs/screens/*.webp, and the README's table between
 * its gallery markers. Run after the journeys: `node scripts/screens.mjs [screenshots folder]`.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = path.resolve(process.argv[2] ?? path.join(ROOT, 'e2e/screenshots'));
const TARGET = path.join(ROOT, 'docs/screens');
const README = path.join(ROOT, 'README.md');
const START = '<!-- screens -->';
const END = '<!-- /screens -->';

/** The windows of playwright.config.ts, and how wide the gallery shows them. */
const WINDOWS = {
  phone: { width: 390, height: 844, shownWidth: 390 },
  desktop: { width: 1280, height: 800, shownWidth: 960 },
};

/** [file name, the journeys' screenshot, what it shows]; a screen only one window takes is shown in that one. */
const GALLERY = [
  ['home', 'design-01-home', 'home, visitor'],
  ['member-home', 'design-03-member-home', 'home, member'],
  ['search', 'search-01-all', 'member search, faces first'],
  ['profile', 'profile-hosted', 'a profile: who first, photos and words between them'],
  ['swipe', 'design-04-swipe', 'swipe game'],
  ['match', 'likes-01-match-popup', 'a match'],
  ['match-finder', 'design-06-match-finder', 'match finder'],
  ['chats', 'chat-02-list', 'messages'],
  ['chat', 'chat-04-conversation', 'a conversation, its price beside Send'],
  ['gifts', 'chat-03-gifts', 'gifts'],
  ['credits', 'credits', 'credits'],
  ['checkout', 'credits-sandbox-checkout', 'paying'],
  ['paid', 'credits-paid', 'paid, the invoice'],
  ['premium', 'premium-account-menu', 'premium, in the account menu'],
  ['private-photos', 'private-photos-03-shared', 'private photos, shared in the chat'],
  ['passkeys', 'passkeys-01-settings', 'settings: passkeys'],
  ['my-data', 'sessions-06-data-ready', 'settings: your data, ready to download'],
  ['pricing', 'pricing', 'prices, visitor'],
  ['likes', 'likes-02-matches', 'likes: matches'],
  ['settings', 'en-08-settings', 'settings'],
  ['banner', 'banners-new-member', 'a new member: one banner at a time'],
  ['staff-inbox', 'staff-01-inbox', 'operator inbox (staff)'],
  ['staff-conversation', 'staff-02-conversation', 'an operator answers (staff)'],
  ['staff-menu', 'staff-sheet-admin', "the back office's menu on a phone (staff)"],
  ['staff-dashboard', 'staff-dashboard', 'dashboard (staff)'],
  ['staff-profiles', 'staff-hosted-profiles', 'hosted profiles (staff)'],
  ['staff-profile', 'staff-hosted-profile', 'a hosted profile and its persona (staff)'],
  ['staff-photos', 'staff-photos', 'photos to review (staff)'],
  ['staff-cases', 'staff-cases', 'reports (staff)'],
  ['staff-member', 'staff-member-danger', 'a member, the danger zone (staff)'],
  ['staff-payments', 'staff-payments', 'payments (staff)'],
  ['staff-prices', 'staff-prices', 'prices (staff)'],
  ['staff-codes', 'staff-discounts', 'discount codes (staff)'],
  ['staff-sites', 'staff-sites', 'sites (staff)'],
  ['staff-team', 'staff-team', 'team (staff)'],
  ['staff-log', 'staff-log', 'audit log (staff)'],
  ['staff-sessions', 'staff-sessions', 'sessions and language (staff)'],
];

async function firstWindow(source, window) {
  const { width, height, shownWidth } = WINDOWS[window];
  const image = sharp(source);
  const { height: fullHeight = height } = await image.metadata();
  return image
    .extract({ left: 0, top: 0, width, height: Math.min(height, fullHeight) })
    .resize({ width: shownWidth })
    .webp({ quality: 72 })
    .toBuffer();
}

function cell(name, caption, window, shown) {
  return shown.has(`${window}-${name}`) ? `![${caption}](docs/screens/${window}-${name}.webp)` : '';
}

const shown = new Set();
fs.rmSync(TARGET, { recursive: true, force: true });
fs.mkdirSync(TARGET, { recursive: true });
for (const [name, screenshot] of GALLERY) {
  for (const window of Object.keys(WINDOWS)) {
    const source = path.join(SOURCE, window, `${screenshot}.png`);
    if (!fs.existsSync(source)) continue;
    fs.writeFileSync(path.join(TARGET, `${window}-${name}.webp`), await firstWindow(source, window));
    shown.add(`${window}-${name}`);
  }
}
const missing = GALLERY.filter(([name]) => !shown.has(`phone-${name}`) && !shown.has(`desktop-${name}`));
if (missing.length > 0) throw new Error(`no screenshot for ${missing.map(([, screenshot]) => screenshot).join(', ')}`);

const rows = GALLERY.map(
  ([name, , caption]) =>
    `| ${caption} | ${cell(name, caption, 'phone', shown)} | ${cell(name, caption, 'desktop', shown)} |`,
);
const table = ['| | phone | desktop |', '| --- | --- | --- |', ...rows].join('\n');
const readme = fs.readFileSync(README, 'utf8');
const [before, rest] = readme.split(START);
if (rest === undefined || !rest.includes(END)) throw new Error(`README.md has no ${START} … ${END}`);
fs.writeFileSync(README, `${before}${START}\n${table}\n${END}${rest.slice(rest.indexOf(END) + END.length)}`);
console.log(`${shown.size} screens written to docs/screens and the README's gallery`);
