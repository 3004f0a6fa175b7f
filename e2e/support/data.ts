// Test data and the mail outbox for the end-to-end specs.
import type { APIRequestContext } from '@playwright/test';

const mailUrl = process.env.MAIL_URL ?? 'http://127.0.0.1:54324';

let counter = 0;
/** A company and its admin that no other test (or earlier run against the same data) uses. */
export function uniqueCompany() {
  const stamp = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  const digits = String(Date.now() * 10 + counter).slice(-10);
  return {
    fullName: `Elin Ek${stamp}`,
    email: `e2e.${stamp}@example.se`,
    password: 'Hemligt-42',
    name: `E2E Förvaltning ${stamp}`,
    organizationNumber: digits,
  };
}

type MailList = { messages: Array<{ ID: string; To: Array<{ Address: string }> }> };

/** The reset link of the newest mail to `email`, waiting a little for it to arrive. */
export async function readResetLink(request: APIRequestContext, email: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const list = (await (await request.get(`${mailUrl}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`)).json()) as MailList;
    const newest = list.messages[0];
    if (newest) {
      const mail = (await (await request.get(`${mailUrl}/api/v1/message/${newest.ID}`)).json()) as { HTML: string };
      const match = mail.HTML.match(/href="([^"]*reset-password\?token=[^"]+)"/);
      if (!match) throw new Error(`The mail to ${email} has no reset link`);
      return match[1].replace(/&amp;/g, '&');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${email} arrived`);
}
