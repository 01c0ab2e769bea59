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

/** [file name, the journeys' screenshot, what it shows, the one window it has (a phone's menu), or both]. */
const GALLERY = [
  // A visitor: the first pages, signing up and in.
  ['home', 'design-01-home', 'home, visitor'],
  ['pricing', 'pricing', 'prices, visitor'],
  ['signup', 'en-gb-01-signup', 'sign up'],
  ['signup-errors', 'en-02-signup-errors', 'sign up, what to fix'],
  ['login', 'passkeys-02-login', 'log in, or with a passkey'],
  ['reset', 'en-06-reset-sent', 'forgotten password: the link is on its way'],
  ['reset-do', 'en-07-reset-mismatch', 'a new password'],
  ['activated', 'en-04-activated', 'account activated'],
  ['activate-error', 'activate-error', 'an activation link used before'],
  ['static-page', 'static-page-de', 'a page of the footer (German imprint)'],
  ['complaint', 'complaint-form', 'a complaint'],
  ['appeal', 'appeal', 'appealing a decision'],
  ['unsubscribe', 'unsubscribe', 'unsubscribing from mails'],
  ['lang-config', 'lang-config', 'choosing a language'],
  ['not-found', 'not-found', 'a page that does not exist'],
  ['offline', 'offline', 'offline'],
  // Landers, for ad traffic.
  ['lander-gallery', 'lander-gallery', 'lander: gallery'],
  ['lander-tinderswipe', 'lander-tinderswipe', 'lander: swipe'],
  ['lander-video', 'lander-video', 'lander: video'],
  ['lander-alonetonight', 'lander-alonetonight', 'lander: alone tonight'],
  ['lander-collage', 'lander-collagelanding', 'lander: collage'],
  ['lander-icons', 'lander-iconslanding', 'lander: icons'],
  ['lander-map', 'lander-maplanding', 'lander: map'],
  ['lander-social', 'lander-socialnetwork', 'lander: social network'],
  ['lander-transitions', 'lander-transitionsvideolanding', 'lander: video transitions'],
  ['lander-profile', 'lander-profile-landing', "lander: one profile's"],
  ['lander-profile-signup', 'lander-profile-signup', "lander: one profile's signup"],
  // A new member.
  ['complete-photos', 'complete-01-photos', 'completing the profile: photos'],
  ['complete-location', 'complete-02-location', 'completing the profile: where'],
  ['complete-details', 'complete-03-personal', 'completing the profile: details'],
  ['complete-about', 'complete-04-about', 'completing the profile: about me'],
  ['complete-push', 'complete-05-push', 'completing the profile: notifications'],
  ['signup-matches', 'signup-matches', 'first people to like'],
  ['banner', 'banners-new-member', 'a new member: one banner at a time'],
  // A member.
  ['member-home', 'design-03-member-home', 'home, member'],
  ['search', 'search-01-all', 'member search, faces first'],
  ['search-name', 'search-04-name', 'search by name'],
  ['profile', 'profile-hosted', 'a profile: who first, photos and words between them'],
  ['swipe', 'design-04-swipe', 'swipe game'],
  ['match', 'likes-01-match-popup', 'a match'],
  ['match-finder', 'design-06-match-finder', 'match finder'],
  ['likes', 'likes-04-received', 'likes: who likes me'],
  ['matches', 'likes-02-matches', 'likes: matches'],
  ['chats', 'chat-02-list', 'messages'],
  ['chat', 'chat-04-conversation', 'a conversation, its price beside Send'],
  ['gifts', 'chat-03-gifts', 'gifts'],
  ['private-photos', 'private-photos-03-shared', 'private photos, shared in the chat'],
  ['my-profile', 'profile-edit', 'my profile'],
  // Money.
  ['credits', 'credits', 'credits'],
  ['payment', 'credits-payment', 'how to pay'],
  ['checkout', 'credits-sandbox-checkout', 'paying'],
  ['paid', 'credits-paid', 'paid, the invoice'],
  ['repeat-order', 'credits-repeat-order', 'buying again in one step'],
  ['direct-debit', 'direct-debit', 'paying by direct debit'],
  ['transactions', 'transactions', 'purchases'],
  ['premium-page', 'premium', 'premium'],
  ['premium', 'premium-account-menu', 'premium, in the account menu'],
  // Settings and the account.
  ['settings', 'en-08-settings', 'settings'],
  ['mail-change', 'en-08-mail-changed', 'a new mail address confirmed'],
  ['notifications', 'notifications-choices', 'settings: what we tell you about'],
  ['passkeys', 'passkeys-01-settings', 'settings: passkeys'],
  ['sessions', 'sessions-01-two-devices', "settings: where you're logged in"],
  ['blocked', 'block-03-settings', 'settings: blocked members'],
  ['my-data', 'sessions-06-data-ready', 'settings: your data, ready to download'],
  ['new-device', 'new-device-01-was-this-you', 'a log-in from a new device'],
  ['session-ended', 'new-device-02-logged-out', 'that device logged out'],
  ['delete', 'en-09-delete', 'deleting the account'],
  ['deleted', 'en-10-deleted', 'account deleted'],
  // The back office.
  ['staff-sign-in', 'staff-sign-in', 'sign-in (staff)'],
  ['staff-invitation', 'staff-two-step-setup', 'an invitation: the authenticator app (staff)'],
  ['staff-recovery', 'staff-recovery-codes', 'recovery codes (staff)'],
  ['staff-menu', 'staff-sheet-admin', "the back office's menu on a phone (staff)", 'phone'],
  ['staff-dashboard', 'staff-dashboard', 'dashboard (staff)'],
  ['staff-inbox', 'staff-01-inbox', 'operator inbox (staff)'],
  ['staff-conversation', 'staff-02-conversation', 'an operator answers (staff)'],
  ['staff-profiles', 'staff-hosted-profiles', 'hosted profiles (staff)'],
  ['staff-profile', 'staff-hosted-profile', 'a hosted profile and its persona (staff)'],
  ['staff-photos', 'staff-photos', 'photos to review (staff)'],
  ['staff-cases', 'staff-cases', 'reports (staff)'],
  ['staff-appeal', 'staff-appeal', 'an appeal (staff)'],
  ['staff-members', 'staff-members', 'members found (staff)'],
  ['staff-member', 'staff-member-danger', 'a member, the danger zone (staff)'],
  ['staff-payments', 'staff-payments', 'payments (staff)'],
  ['staff-prices', 'staff-prices', 'prices (staff)'],
  ['staff-codes', 'staff-discounts', 'discount codes (staff)'],
  ['staff-sites', 'staff-sites', 'sites (staff)'],
  ['staff-site', 'staff-site', 'a site and its live preview (staff)'],
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
for (const [name, screenshot, , only] of GALLERY) {
  for (const window of only ? [only] : Object.keys(WINDOWS)) {
    const source = path.join(SOURCE, window, `${screenshot}.png`);
    if (!fs.existsSync(source)) continue;
    fs.writeFileSync(path.join(TARGET, `${window}-${name}.webp`), await firstWindow(source, window));
    shown.add(`${window}-${name}`);
  }
}
const missing = GALLERY.flatMap(([name, screenshot, , only]) =>
  (only ? [only] : Object.keys(WINDOWS))
    .filter((window) => !shown.has(`${window}-${name}`))
    .map((window) => `${window}/${screenshot}`),
);
if (missing.length > 0) throw new Error(`no screenshot for ${missing.join(', ')}`);

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
