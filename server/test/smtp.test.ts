import { randomUUID } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../src/platform/mail/mailer.js';
import {
  buildMember,
  client,
  createTestApp,
  loggedIn,
  makePremium,
  settle,
  signupBody,
  type TestApp,
} from './helpers.js';

interface ReceivedMail {
  from: string;
  to: string[];
  headers: Map<string, string>;
  parts: Map<string, string>;
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decode(body: string, encoding = '7bit'): string {
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  if (/base64/i.test(encoding)) return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** Just enough MIME for a multipart/alternative mail: the decoded body of each content type. */
function parseMail(raw: string): { headers: Map<string, string>; parts: Map<string, string> } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const boundary = headers.get('content-type')?.match(/boundary="?([^";]+)"?/)?.[1];
  const parts = new Map<string, string>();
  const sections = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`\r\n${raw}`];
  for (const section of sections) {
    const content = section.replace(/^\r\n/, '');
    const end = content.indexOf('\r\n\r\n');
    const partHeaders = parseHeaders(content.slice(0, end));
    const type = (partHeaders.get('content-type') ?? 'text/plain').split(';')[0];
    parts.set(type, decode(content.slice(end + 4), partHeaders.get('content-transfer-encoding')));
  }
  return { headers, parts };
}

const received: ReceivedMail[] = [];
/** Keeps what an SMTP server is given, parsed. */
const collect: SMTPServerOptions['onData'] = (stream, session, callback) => {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => {
    const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    const to = session.envelope.rcptTo.map((recipient) => recipient.address);
    received.push({ from, to, ...parseMail(Buffer.concat(chunks).toString('utf8')) });
    callback();
  });
};
const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false, onData: collect });

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let t: TestApp;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`) });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('POST /api/signup.php with SMTP_URL', () => {
  it('sends the activation mail over SMTP in the language of the member', async () => {
    const body = signupBody({ name: 'Noor' });
    const visitor = client(t.app, { cookies: { lang: 'nl' } });
    expect((await visitor.post('/api/signup.php', body)).statusCode).toBe(200);

    await settle(t);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.to).toEqual([body.email]);
    expect(mail.from).toBe('support@amora.test');
    expect(mail.headers.get('subject')).toBe('Activeer je account op Amora');
    expect(mail.headers.get('from')).toContain('Amora');

    const text = mail.parts.get('text/plain') ?? '';
    const html = mail.parts.get('text/html') ?? '';
    const link = text.match(/https?:\/\/\S+\/api\/activate\.php\?token=[\w-]+/)?.[0];
    expect(link).toBeDefined();
    expect(text.split(/\r?\n/)[0]).toBe('Hallo,');
    expect(html).toContain(`href="${link}"`);

    // The mailed link is the one that activates the account.
    const activation = await client(t.app).get(new URL(link as string).pathname + new URL(link as string).search);
    expect(activation.headers.location).toBe('/activate/done');
    expect((await visitor.get('/api/user.php')).json().user.status).toBe('confirmed');
  });

  it('sends a notification mail with List-Unsubscribe headers whose one-click link stops such mail', async () => {
    const [anna, bram] = [
      await buildMember(t.services, { credits: 100, freeMessages: 0 }),
      await buildMember(t.services, { language: 'nl' }),
    ];
    await makePremium(t, anna);
    const annaVisitor = await loggedIn(t.app, anna);
    const sent = await annaVisitor.post('/api/chat.php', {
      client_id: randomUUID(),
      text: 'Hoi',
      profile_id: bram.profileId,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await settle(t);
    // Past the five minutes a notification mail waits to gather a burst.
    t.clock.advance({ minutes: 6 });
    await settle(t);

    const mail = received.find((each) => each.to.includes(bram.email));
    expect(mail?.headers.get('subject')).toBe(`${anna.name} heeft je een bericht gestuurd`);
    expect(mail?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = mail?.headers.get('list-unsubscribe')?.match(/^<(https?:\/\/[^>]+)>$/)?.[1] as string;
    expect(oneClick).toMatch(/\/api\/unsubscribe\.php\?u=\d+&s=[\w-]+$/);
    const text = mail?.parts.get('text/plain') ?? '';
    const html = mail?.parts.get('text/html') ?? '';
    expect(text).toContain('Lees mijn berichten: http://localhost:');
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('Amora Media B.V.');

    const url = new URL(oneClick);
    const stop = await client(t.app).post(`${url.pathname}${url.search}`, Buffer.from('List-Unsubscribe=One-Click'), {
      clientHeader: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(stop.statusCode, stop.body).toBe(200);
    const bramVisitor = await loggedIn(t.app, bram);
    expect((await bramVisitor.get('/api/user.php')).json().user.notifications_disabled).toEqual(['list_unsubscribe']);
  });
});

describe('an SMTP server that is down', () => {
  it('keeps the mail and sends it once the server is back', async () => {
    const port = await freePort();
    const app = await createTestApp({ mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`) });
    try {
      const body = signupBody();
      expect((await client(app.app).post('/api/signup.php', body)).statusCode).toBe(200);
      await settle(app);
      const waiting = await app.db.selectFrom('jobs').selectAll().execute();
      expect(waiting).toHaveLength(1);
      expect(waiting[0]).toMatchObject({ name: 'mail.send', attempts: 1 });
      expect(waiting[0].last_error).toMatch(/ECONNREFUSED/);

      const later = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData: collect,
      });
      await new Promise<void>((resolve) => later.listen(port, '127.0.0.1', resolve));
      try {
        app.clock.advance({ minutes: 1 });
        await settle(app);
        expect(received.filter((mail) => mail.to.includes(body.email))).toHaveLength(1);
        expect(await app.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
      } finally {
        await new Promise<void>((resolve) => later.close(resolve));
      }
    } finally {
      await app.close();
    }
  });
});
