// The notification e-mails (docs/automation.md "Notification e-mails"): the database queues an e-mail for each
// person who asked for one when a run of theirs fails (private.notification_emails,
// supabase/migrations/20261128200000_create_notifications.sql); this sender, in every runner process, claims
// them (app.claim_notification_emails, each once across all runners), writes them in the recipient's language
// with a link to the run, and sends them over SMTP with nodemailer. Nothing else waits for it: a request that
// fails a run never talks to a mail server. Without KOLLEGA_SMTP_URL nothing is sent and the e-mails wait.
import nodemailer from 'nodemailer';
import enRunErrors from '../../web/src/locales/en/run_errors.json' with { type: 'json' };
import svRunErrors from '../../web/src/locales/sv/run_errors.json' with { type: 'json' };
import { t, type Lang } from '../../supabase/functions/_shared/i18n.ts';
import type { NotificationKind } from '../../supabase/functions/_shared/types/api.ts';
import type { Sql } from './db.ts';

export type MailConfig = {
  /** smtp://user:password@host:587 or smtps://…:465 (nodemailer's connection URL). */
  smtpUrl: string;
  /** The From address. */
  from: string;
  /** The web app's address, for the link to the run. */
  appUrl: string;
  /** How often the sender looks for waiting e-mails. */
  intervalMs: number;
};

export type ClaimedEmail = {
  id: string;
  to_address: string;
  language: string;
  kind: NotificationKind;
  workflow_name: string;
  run_id: string | null;
  details: { errorType?: string | null };
  created_at: Date;
};

type Catalogue = { what_to_do: string; types: Record<string, { explanation: string; action: string }> };
const RUN_ERRORS: Record<Lang, Catalogue> = { sv: svRunErrors as Catalogue, en: enRunErrors as Catalogue };

/** The sender's settings from the environment (docs/deploy.md); null without KOLLEGA_SMTP_URL. */
export function mailConfigFromEnv(env = process.env): MailConfig | null {
  const smtpUrl = env.KOLLEGA_SMTP_URL;
  if (!smtpUrl) return null;
  if (!/^smtps?:\/\//.test(smtpUrl)) throw new Error(`KOLLEGA_SMTP_URL must be smtp:// or smtps://, not "${smtpUrl.replace(/:[^:@/]*@/, ':***@')}"`);
  const appUrl = env.KOLLEGA_APP_URL;
  if (!appUrl || !URL.canParse(appUrl)) throw new Error('KOLLEGA_APP_URL (the web app\'s address, for the link in the e-mails) must be set with KOLLEGA_SMTP_URL');
  return { smtpUrl, from: env.KOLLEGA_MAIL_FROM || 'Kollega <no-reply@kollega.local>', appUrl, intervalMs: 5_000 };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mail of one failed run, in the recipient's language: what failed, what it means, what to do, the link. */
export function renderEmail(email: ClaimedEmail, appUrl: string): { subject: string; text: string; html: string } {
  const lang: Lang = email.language === 'en' ? 'en' : 'sv';
  const workflow = email.workflow_name;
  const link = `${appUrl.replace(/\/+$/, '')}/workflow-execution/${email.run_id}`;
  const time = email.created_at.toLocaleString(lang === 'sv' ? 'sv-SE' : 'en-GB', { timeZone: 'Europe/Stockholm', dateStyle: 'short', timeStyle: 'short' });
  const catalogue = RUN_ERRORS[lang];
  const known = catalogue.types[email.details.errorType ?? ''];
  const lines = [
    t(lang, 'email_run_failed_intro', { workflow, time }),
    known?.explanation ?? t(lang, 'email_run_failed_unknown'),
    `${catalogue.what_to_do}: ${known?.action ?? t(lang, 'email_run_failed_unknown_action')}`,
  ];
  const open = t(lang, 'email_open_run');
  const footer = t(lang, 'email_footer');
  return {
    subject: t(lang, 'email_run_failed_subject', { workflow }),
    text: [...lines, `${open}: ${link}`, '', footer].join('\n\n'),
    html: `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#0f172a">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">${escapeHtml(open)}</a></p>
<p style="color:#64748b;font-size:12px">${escapeHtml(footer)}</p></body></html>`,
  };
}

/** Sends what waits, once (the loop below calls it every intervalMs); returns how many went out. */
export async function sendWaitingEmails(sql: Sql, transport: nodemailer.Transporter, config: Pick<MailConfig, 'from' | 'appUrl'>): Promise<number> {
  const claimed = await sql<ClaimedEmail[]>`select * from app.claim_notification_emails(20)`;
  let sent = 0;
  for (const email of claimed) {
    try {
      await transport.sendMail({ from: config.from, to: email.to_address, ...renderEmail(email, config.appUrl) });
      await sql`select app.finish_notification_email(${email.id})`;
      sent++;
    } catch (error) {
      await sql`select app.finish_notification_email(${email.id}, ${error instanceof Error ? error.message : String(error)})`;
    }
  }
  return sent;
}

/** Starts the sender; `stop()` ends it after the round in progress. Null without an SMTP server configured. */
export function startMailSender(sql: Sql, config: MailConfig | null): { stop(): Promise<void> } | null {
  if (!config) return null;
  const transport = nodemailer.createTransport(config.smtpUrl);
  let stopped = false;
  let round: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    round = sendWaitingEmails(sql, transport, config)
      .catch((error) => console.error(`[runner] notification e-mails: ${error instanceof Error ? error.message : error}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, config.intervalMs);
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
      transport.close();
    },
  };
}
