/**
 * Data exports (GDPR Art. 15 and 20): a member asks for a copy of their data, at most once a day;
 * a job writes it as a ZIP into the media store (exports/<id>.zip), streamed part by part, and the member is
 * mailed and told in the app. They download it with their session for EXPORT_DAYS; then its file
 * is deleted. Every domain gives its own part through its own service: this one reads no other
 * domain's tables. Entry names are fixed or made of ids, never of what a member typed.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type DataExport, EXPORT_DAYS, type Locale } from '@amora/common';
import { accountActor, authorize } from '../access/authorize.js';
import type { ChatService } from '../chat/service.js';
import type { AccountsService } from '../identity/accounts/service.js';
import type { LikesService } from '../likes/service.js';
import type { PhotosService } from '../members/photos/service.js';
import type { MembersService } from '../members/profiles/service.js';
import type { SafetyService } from '../members/safety/service.js';
import type { CreditsService } from '../money/credits/service.js';
import type { PaymentsService } from '../money/payments/service.js';
import type { NotificationsService } from '../notifications/service.js';
import { addDays, type Clock } from '../platform/clock.js';
import type { Db } from '../platform/db/index.js';
import { authenticationRequired, DomainError, notFound } from '../platform/errors.js';
import type { EventBus } from '../platform/events/bus.js';
import { translator } from '../platform/i18n.js';
import type { JobQueue } from '../platform/jobs/queue.js';
import type { MailService } from '../platform/mail/service.js';
import { type MediaStore, putOptionsFor } from '../platform/media/store.js';
import type { Site } from '../platform/site.js';
import type { SitesService } from '../sites/service.js';
import { type AddEntry, json, jsonArray, jsonItems, streamedText, writeZip } from './archive.js';
import * as queries from './queries.js';

declare module '../platform/jobs/queue.js' {
  interface JobTypes {
    'export.build': { exportId: string };
    'export.expire': { exportId: string };
    'export.sweep': { slot: string };
  }
}

/** How many messages or ledger lines are read at a time. */
const PAGE_SIZE = 500;
/** How often the sweep looks for exports to delete, and for ones whose job was lost. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** An export still being prepared after this long lost its job: it is queued again. */
const LOST_AFTER_MINUTES = 30;
/** One still being prepared after this long failed for good (its job's tries span about 8 hours): it goes, and may be asked for again. */
const GIVEN_UP_AFTER_HOURS = 24;
/** What an export's id looks like: its file's name. */
const EXPORT_ID = /^[0-9a-f]{32}$/;
/** Where the exports' ZIP files are in the media store. */
const EXPORTS = 'exports/';

/** The parts of the ZIP, in the order the README explains them. */
const PARTS = [
  'account.json',
  'sessions.json',
  'profile.json',
  'photos.json',
  'likes.json',
  'matches.json',
  'conversations.json',
  'credits.json',
  'payments.json',
  'notifications.json',
  'blocks.json',
  'reports.json',
] as const;

export interface ExportsDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  events: EventBus;
  /** Where the ZIP files are kept, as exports/<id>.zip. */
  store: MediaStore;
  accounts: AccountsService;
  members: MembersService;
  photos: PhotosService;
  likes: LikesService;
  chat: ChatService;
  credits: CreditsService;
  payments: PaymentsService;
  notifications: NotificationsService;
  safety: SafetyService;
  sites: SitesService;
  mail: MailService;
}

function present(row: queries.DataExportRow): DataExport {
  return { id: row.id, status: row.status, requested_at: row.created_at, expires_at: row.expires_at };
}

/** Pages read one after another from `afterId` on, until one comes back short. */
async function* pagesOf<T extends { id: number }>(read: (afterId: number) => Promise<T[]>): AsyncGenerator<T[]> {
  let afterId = 0;
  for (;;) {
    const page = await read(afterId);
    if (page.length > 0) yield page;
    if (page.length < PAGE_SIZE) return;
    afterId = page[page.length - 1]?.id ?? afterId;
  }
}

export function createExportsService(deps: ExportsDeps) {
  const { db, clock, jobs, events, store, accounts, members, sites, mail } = deps;
  const nowIso = () => clock.now().toISOString();
  const keyOf = (id: string) => `${EXPORTS}${id}.zip`;

  async function removeFiles(ids: string[]) {
    for (const id of ids) await store.remove(keyOf(id));
  }

  /** The README, in the member's language: what each part holds. */
  function readme(locale: Locale, siteName: string, made: string) {
    const t = translator(locale);
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(made));
    const explained = (name: string, text: string) => `${name}\n  ${text}`;
    return [
      t('export:title', { site: siteName }),
      t('export:intro', { site: siteName, date }),
      ...PARTS.map((part) => explained(part, t(`export:parts.${part.replace('.json', '')}`))),
      explained('photos/<id>.webp', t('export:files.photos')),
      explained('conversations/<id>/<id>.webp', t('export:files.chatPhotos')),
      t('export:outro'),
    ]
      .join('\n\n')
      .concat('\n');
  }

  /** Writes every part of the member's data into the ZIP, one entry after another. */
  async function fillZip(add: AddEntry, site: Site, userId: number, profileId: number, locale: Locale, made: string) {
    const own = await accounts.exportOf(userId);
    if (!own) throw new Error(`the account ${userId} is gone`);
    await add('README.txt', readme(locale, site.name, made));
    await add('account.json', json({ ...own.account, passkeys: own.passkeys }));
    await add('sessions.json', json(own.sessions));
    await add('profile.json', json(await members.ownProfile(userId)));

    const photos = await deps.photos.exportOf(profileId);
    await add(
      'photos.json',
      json(photos.map(({ openFile, ...photo }) => ({ ...photo, file: `photos/${photo.id}.webp` }))),
    );
    for (const photo of photos) {
      const file = await photo.openFile();
      if (file) await add(`photos/${photo.id}.webp`, file);
    }

    const likes = await deps.likes.exportOf(profileId);
    await add('likes.json', json({ given: likes.given, received: likes.received }));
    await add('matches.json', json(likes.matches));

    const chatPhotos: ChatPhotoEntry[] = [];
    await add('conversations.json', conversationsJson(profileId, chatPhotos));
    for (const photo of chatPhotos) {
      const file = await photo.openFile();
      if (file) await add(photo.name, file);
    }

    await add('credits.json', jsonArray(pagesOf((afterId) => deps.credits.ledgerPage(userId, afterId, PAGE_SIZE))));
    await add('payments.json', json(await deps.payments.exportOf(site, userId)));
    await add('notifications.json', json(await deps.notifications.exportOf(userId)));
    const safety = await deps.safety.exportOf(profileId);
    await add('blocks.json', json(safety.blocks));
    await add('reports.json', json(safety.reports));
  }

  /**
   * The conversations with their messages, written as they are read (page by page); the photos
   * sent in them are noted in `photos`, to be added after it under names made of ids.
   */
  function conversationsJson(profileId: number, photos: ChatPhotoEntry[]) {
    const { chat } = deps;
    return streamedText(
      (async function* () {
        let first = true;
        yield '[';
        for (const conversation of await chat.exportConversations(profileId)) {
          // The conversation's fields, then its messages as they are read.
          yield `${first ? '\n' : ',\n'}${JSON.stringify(conversation).slice(0, -1)},"messages":[`;
          first = false;
          const pages = pagesOf((afterId) => chat.exportMessages(profileId, conversation.id, afterId, PAGE_SIZE));
          yield* jsonItems(withPhotoNames(pages, conversation.id, photos), '  ');
          yield '\n]}';
        }
        yield '\n]\n';
      })(),
    );
  }

  /** Messages as the export writes them: a photo by its entry's name, noted in `photos`. */
  async function* withPhotoNames(
    pages: AsyncIterable<Awaited<ReturnType<ChatService['exportMessages']>>>,
    conversationId: number,
    photos: ChatPhotoEntry[],
  ) {
    for await (const page of pages) {
      yield page.map(({ photo, ...message }) => {
        if (!photo) return { ...message, photo: null };
        const name = `conversations/${conversationId}/${message.id}.webp`;
        photos.push({ name, openFile: photo.openFile });
        return { ...message, photo: name };
      });
    }
  }

  /** Writes the export's ZIP and tells the member it is ready; an export of an account gone meanwhile is dropped. */
  async function build(exportId: string) {
    const row = await queries.findExport(db, exportId);
    if (row?.status !== 'preparing') return;
    const recipient = await accounts.notificationRecipient(row.user_id);
    const site = recipient && (await sites.findById(recipient.target.siteId));
    if (!recipient || !site) {
      await queries.deleteExport(db, exportId);
      return;
    }
    const { target, member } = recipient;
    await writeZip(
      (zip) => store.put(keyOf(exportId), zip, putOptionsFor(keyOf(exportId))),
      (add) => fillZip(add, site, target.userId, member.profileId, target.locale, row.created_at),
    );
    const expires = addDays(clock.now(), EXPORT_DAYS);
    const ready = await db.transaction().execute(async (trx) => {
      const marked = await queries.markReady(trx, exportId, nowIso(), expires.toISOString());
      if (marked) await events.record(trx, { type: 'export.ready', siteId: site.id, profileId: member.profileId });
      return marked;
    });
    if (!ready) {
      await removeFiles([exportId]);
      return;
    }
    await events.relay();
    await jobs.add('export.expire', { exportId }, { delayMs: expires.getTime() - clock.now().getTime() });
    const [profile] = await members.namesOf([member.profileId]);
    await mail.sendAccountMail({
      site,
      to: target.email,
      locale: target.locale,
      name: target.confirmed ? (profile?.name ?? null) : null,
      kind: 'export_ready',
      link: `${await sites.mailOrigin(site)}/notifications#export`,
      params: {
        days: EXPORT_DAYS,
        date: new Intl.DateTimeFormat(target.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(expires),
      },
    });
  }

  async function expire(exportId: string) {
    const row = await queries.findExport(db, exportId);
    if (row?.expires_at && row.expires_at > nowIso()) return;
    await queries.deleteExport(db, exportId);
    await removeFiles([exportId]);
  }

  /** A deleted or erased account's exports go, with every file no export has any more. */
  async function removeExportsOf(userId: number) {
    await removeFiles(await queries.deleteExportsOf(db, userId));
    await removeStrayFiles();
  }

  /** Files of exports that are no more (their account was erased, their row deleted by a lost job). */
  async function removeStrayFiles() {
    const keys: string[] = [];
    for await (const object of store.list(EXPORTS)) keys.push(object.key);
    const idOf = (key: string) => key.slice(EXPORTS.length).split('.')[0] ?? '';
    const existing = await queries.existingIds(db, [...new Set(keys.map(idOf).filter((id) => EXPORT_ID.test(id)))]);
    for (const key of keys) {
      if (EXPORT_ID.test(idOf(key)) && !existing.has(idOf(key))) await store.remove(key);
    }
  }

  /** Deletes what has expired, failed for good or is stray, and queues again the exports whose job was lost. */
  async function sweep() {
    const ago = (minutes: number) => new Date(clock.now().getTime() - minutes * 60_000).toISOString();
    await removeFiles(await queries.deleteExpired(db, nowIso()));
    await queries.deletePreparingBefore(db, ago(GIVEN_UP_AFTER_HOURS * 60));
    await removeStrayFiles();
    const lostBefore = ago(LOST_AFTER_MINUTES);
    for (const row of await queries.preparingBefore(db, lostBefore)) {
      await jobs.add('export.build', { exportId: row.id }, { key: `export-build-${row.id}` });
    }
  }

  jobs.handle('export.build', ({ exportId }) => build(exportId));
  jobs.handle('export.expire', ({ exportId }) => expire(exportId));
  jobs.handle('export.sweep', () => sweep());
  const unsubscribe = events.subscribeLocal('account.deleted', (event) => removeExportsOf(event.userId));

  return {
    /**
     * Asks for a copy of the member's data: one a day, decided by the database however many
     * requests come at once. A deleted account has no session to ask with, and is refused anyway.
     */
    async request(userId: number): Promise<DataExport> {
      if (!(await accounts.memberById(userId))) throw authenticationRequired();
      const now = nowIso();
      const row: queries.DataExportRow = {
        id: randomBytes(16).toString('hex'),
        user_id: userId,
        day: now.slice(0, 10),
        status: 'preparing',
        created_at: now,
        ready_at: null,
        expires_at: null,
      };
      if (!(await queries.insertExportOnce(db, row))) throw new DomainError('export_limit');
      await jobs.add('export.build', { exportId: row.id }, { key: `export-build-${row.id}` });
      return present(row);
    },

    /** The member's newest export being prepared or still to be downloaded; null when none. */
    async latest(userId: number): Promise<DataExport | null> {
      const row = await queries.latestExportOf(db, userId, nowIso());
      return row ? present(row) : null;
    },

    /** One of the member's ready exports; 404 for anyone else's, an expired one, or a deleted account's. */
    async download(userId: number, exportId: string) {
      const row = EXPORT_ID.test(exportId) ? await queries.findExport(db, exportId) : undefined;
      if (!row) throw notFound();
      authorize(accountActor(userId), 'export.download', { ownerUserId: row.user_id });
      const usable = row.status === 'ready' && (row.expires_at ?? '') > nowIso();
      if (!usable || !(await accounts.memberById(userId))) throw notFound();
      // Swept away between the look and the read: as gone as an expired one.
      const object = await store.get(keyOf(row.id));
      if (!object) throw notFound();
      return { object, name: `data-${row.created_at.slice(0, 10)}.zip` };
    },

    sweep,

    /** Queues the sweep now and every hour (once per hour however many instances run); returns how to stop. */
    scheduleSweep(): () => void {
      const queue = () => {
        const slot = String(Math.floor(clock.now().getTime() / SWEEP_EVERY_MS));
        return jobs.add('export.sweep', { slot }, { key: `export-sweep-${slot}` });
      };
      const report = (error: unknown) => console.error('exports: could not queue the sweep', error);
      void queue().catch(report);
      const timer = setInterval(() => void queue().catch(report), SWEEP_EVERY_MS);
      timer.unref();
      return () => clearInterval(timer);
    },

    close: unsubscribe,
  };
}

interface ChatPhotoEntry {
  name: string;
  openFile: () => Promise<Readable | null>;
}
