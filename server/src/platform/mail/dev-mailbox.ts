/**
 * Development only: the mails and text messages that would have been sent, so a newcomer can click
 * an activation link without an SMTP server and read a direct debit code without a text gateway.
 * Never registered in production.
 */
import { text } from '@amora/common/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/index.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const latest = (to?: string) => {
    let query = db.selectFrom('mails').selectAll().orderBy('id', 'desc').limit(50);
    if (to) query = query.where('recipient', '=', to.toLowerCase());
    return query.execute();
  };

  const latestTexts = (to?: string) => {
    let query = db.selectFrom('texts').selectAll().orderBy('id', 'desc').limit(50);
    if (to) query = query.where('recipient', '=', to);
    return query.execute();
  };

  app.get(
    '/api/dev/texts.php',
    { schema: { hide: true, querystring: z.object({ to: text().max(30).optional() }) } },
    async (request) => ({ texts: await latestTexts(request.query.to) }),
  );

  app.get(
    '/api/dev/mails.php',
    { schema: { hide: true, querystring: z.object({ to: text().max(254).optional() }) } },
    async (request) => ({ mails: await latest(request.query.to) }),
  );

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const [mails, texts] = await Promise.all([latest(), latestTexts()]);
    const textItems = texts
      .map(
        (message) =>
          `<li>To ${escapeHtml(message.recipient)} · ${escapeHtml(message.created_at)}: ${escapeHtml(message.body)}</li>`,
      )
      .join('\n');
    const items = mails
      .map(
        (mail) => `<article><h2>${escapeHtml(mail.subject)}</h2>
<p>To ${escapeHtml(mail.recipient)} · ${escapeHtml(mail.created_at)}</p>
<pre>${escapeHtml(mail.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox</title></head><body>
<h1>Dev mailbox</h1><p>Mails are kept here because SMTP_URL is not set. Newest first.</p>
${items || '<p>No mail yet.</p>'}
<h1>Text messages</h1><p>Texts (direct debit codes) are kept here because SMS_URL is not set.</p>
${textItems ? `<ul>${textItems}</ul>` : '<p>No text yet.</p>'}</body></html>`;
  });
};
