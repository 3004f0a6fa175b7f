// The local mail outbox's SMTP side: a small SMTP server (RFC 5321's EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP,
// QUIT; no TLS, no auth) on 127.0.0.1 that puts every message it receives into the same Outbox the Auth
// stand-in's e-mails go to, so the runner's notification e-mails (nodemailer over SMTP_URL) are read like Auth's
// (GET /api/v1/messages on the outbox's HTTP port). Decodes what nodemailer writes: headers with RFC 2047
// encoded words, a single part or multipart/alternative, quoted-printable, base64 or 7/8-bit bodies.
import { createServer, type Server, type Socket } from 'node:net';
import type { Outbox } from './outbox.ts';
import { listenWhenFree } from '../lib/ports.ts';

type Part = { headers: Map<string, string>; body: string };

function parsePart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBytes(text: string, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(text.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const joined = text.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i++) {
      const hex = joined.slice(i + 1, i + 3);
      if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
    return Buffer.from(bytes);
  }
  return Buffer.from(text, 'utf8');
}

/** `=?UTF-8?Q?Hyresavier_misslyckades?=` → `Hyresavier misslyckades`. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_whole, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? decodeBytes(text, 'base64').toString('utf8') : decodeBytes(text.replace(/_/g, ' '), 'quoted-printable').toString('utf8'));
}

/** The message's subject, recipients' HTML and text, from its raw RFC 5322 form. */
export function parseMessage(raw: string): { subject: string; html: string; text: string } {
  const message = parsePart(raw);
  const leaves: Part[] = [];
  const walk = (part: Part) => {
    const type = part.headers.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const pieces = part.body.split(`--${boundary}`).slice(1);
      for (const piece of pieces) if (!piece.startsWith('--')) walk(parsePart(piece.replace(/^\r?\n/, '')));
    } else leaves.push(part);
  };
  walk(message);
  const content = (kind: string) => {
    const part = leaves.find((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(kind));
    return part ? decodeBytes(part.body, (part.headers.get('content-transfer-encoding') ?? '').toLowerCase()).toString('utf8').trim() : '';
  };
  return { subject: decodeWords(message.headers.get('subject') ?? ''), html: content('text/html'), text: content('text/plain') };
}

function session(socket: Socket, outbox: Outbox) {
  let recipients: string[] = [];
  let data: string[] | null = null;
  let buffer = '';
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply('220 kollega-local ESMTP outbox');
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (data) {
        if (line === '.') {
          const { subject, html, text } = parseMessage(data.join('\r\n'));
          for (const to of recipients) outbox.add({ to, subject, html: html || `<pre>${text}</pre>` });
          data = null;
          recipients = [];
          reply('250 OK: queued');
        } else data.push(line.startsWith('..') ? line.slice(1) : line);
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      switch (verb) {
        case 'EHLO': reply('250-kollega-local\r\n250-8BITMIME\r\n250 SMTPUTF8'); break;
        case 'HELO': reply('250 kollega-local'); break;
        case 'MAIL':
        case 'RSET': recipients = []; reply('250 OK'); break;
        case 'RCPT': {
          const address = /<([^>]*)>/.exec(line)?.[1];
          if (address) recipients.push(address);
          reply(address ? '250 OK' : '501 Syntax: RCPT TO:<address>');
          break;
        }
        case 'DATA':
          if (recipients.length) data = [];
          reply(recipients.length ? '354 End data with <CR><LF>.<CR><LF>' : '503 RCPT first');
          break;
        case 'NOOP': reply('250 OK'); break;
        case 'QUIT': reply('221 Bye'); socket.end(); break;
        default: reply('502 Command not implemented');
      }
    }
  });
  socket.on('error', () => socket.destroy());
}

export function startSmtpServer(outbox: Outbox, port: number): Promise<Server> {
  const server = createServer((socket) => session(socket, outbox));
  return listenWhenFree(server, port, 'mail outbox (SMTP)').then(() => server);
}
