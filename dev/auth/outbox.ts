// The local mail outbox: a Mailpit-like HTTP API over mails kept in memory (contract §8).
//   GET    /api/v1/messages       { total, count, messages: [{ ID, From, To, Subject, Created, Snippet }] }, newest first
//   GET    /api/v1/search?query=  same, filtered by `to:<address>` terms and/or free text in subject/body
//   GET    /api/v1/message/{ID}   { ID, From, To, Subject, HTML, Text, Created }
//   DELETE /api/v1/messages       deletes all mails (or only those in a JSON body { IDs: [...] })
//   GET    /                      an HTML list for humans; /view/{ID} shows one mail as rendered HTML
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { listenWhenFree } from '../lib/ports.ts';

export type Address = { Name: string; Address: string };
export type Mail = { ID: string; From: Address; To: Address[]; Subject: string; HTML: string; Text: string; Created: string };

const SENDER: Address = { Name: 'Kollega', Address: 'admin@email.com' };

export function htmlToText(html: string): string {
  return html
    .replace(/<(style|script|head)[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2 ($1)')
    .replace(/<br\s*\/?>|<\/(p|div|h\d|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class Outbox {
  private mails: Mail[] = [];

  add(mail: { to: string; subject: string; html: string }): Mail {
    const entry: Mail = {
      ID: randomBytes(11).toString('base64url'),
      From: SENDER,
      To: [{ Name: '', Address: mail.to }],
      Subject: mail.subject,
      HTML: mail.html,
      Text: htmlToText(mail.html),
      Created: new Date().toISOString(),
    };
    this.mails.unshift(entry);
    return entry;
  }

  list(): Mail[] {
    return [...this.mails];
  }

  get(id: string): Mail | undefined {
    return this.mails.find((m) => m.ID === id);
  }

  delete(ids?: string[]) {
    this.mails = ids ? this.mails.filter((m) => !ids.includes(m.ID)) : [];
  }
}

const summary = (m: Mail) => ({ ID: m.ID, From: m.From, To: m.To, Subject: m.Subject, Created: m.Created, Snippet: m.Text.replace(/\s+/g, ' ').slice(0, 250) });

function matches(mail: Mail, query: string): boolean {
  return query
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => {
      const lower = term.toLowerCase();
      if (lower.startsWith('to:')) return mail.To.some((t) => t.Address.toLowerCase().includes(lower.slice(3).replace(/^"|"$/g, '')));
      if (lower.startsWith('subject:')) return mail.Subject.toLowerCase().includes(lower.slice(8).replace(/^"|"$/g, ''));
      return `${mail.Subject}\n${mail.Text}`.toLowerCase().includes(lower);
    });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 1_000_000) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function indexPage(mails: Mail[]): string {
  const rows = mails
    .map((m) => `<tr><td>${escapeHtml(new Date(m.Created).toLocaleString('sv-SE'))}</td><td>${escapeHtml(m.To.map((t) => t.Address).join(', '))}</td><td><a href="/view/${m.ID}">${escapeHtml(m.Subject)}</a></td></tr>`)
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Kollega mail outbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{padding:.4rem .8rem;border-bottom:1px solid #ddd;text-align:left}</style></head>
<body><h1>Mail outbox</h1><p>${mails.length} mail(s), newest first. Kept in memory until the local stack stops.</p>
<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows || '<tr><td colspan="3">No mail yet.</td></tr>'}</tbody></table></body></html>`;
}

async function handle(outbox: Outbox, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const method = req.method ?? 'GET';
  if (method === 'GET' && path === '/') {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(indexPage(outbox.list()));
    return;
  }
  const view = /^\/view\/([\w-]+)$/.exec(path);
  if (method === 'GET' && view) {
    const mail = outbox.get(view[1]);
    if (!mail) return json(res, 404, { error: 'message not found' });
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(mail.HTML);
    return;
  }
  if (path === '/api/v1/messages' && method === 'GET') {
    const all = outbox.list();
    const start = Math.max(0, Number(url.searchParams.get('start')) || 0);
    const limit = Math.max(0, Number(url.searchParams.get('limit')) || all.length);
    const page = all.slice(start, start + limit);
    return json(res, 200, { total: all.length, unread: 0, count: page.length, start, messages: page.map(summary) });
  }
  if (path === '/api/v1/search' && method === 'GET') {
    const found = outbox.list().filter((m) => matches(m, url.searchParams.get('query') ?? ''));
    return json(res, 200, { total: outbox.list().length, unread: 0, count: found.length, start: 0, messages: found.map(summary) });
  }
  if (path === '/api/v1/messages' && method === 'DELETE') {
    const text = await readBody(req);
    let ids: string[] | undefined;
    if (text.trim()) {
      try {
        const body = JSON.parse(text) as { IDs?: unknown };
        if (Array.isArray(body.IDs) && body.IDs.length) ids = body.IDs.map(String);
      } catch {
        return json(res, 400, { error: 'invalid JSON body' });
      }
    }
    outbox.delete(ids);
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    return;
  }
  const one = /^\/api\/v1\/message\/([\w-]+)$/.exec(path);
  if (one && method === 'GET') {
    const mail = outbox.get(one[1] === 'latest' ? (outbox.list()[0]?.ID ?? '') : one[1]);
    if (!mail) return json(res, 404, { error: 'message not found' });
    return json(res, 200, mail);
  }
  json(res, 404, { error: 'not found' });
}

export function startOutboxServer(outbox: Outbox, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    handle(outbox, req, res).catch(() => {
      if (!res.headersSent) json(res, 400, { error: 'bad request' });
      else res.end();
    });
  });
  return listenWhenFree(server, port, 'mail outbox').then(() => server);
}
