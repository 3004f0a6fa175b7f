// The `login` step ("Logga in själv", attended runs only): the person signs in themselves (BankID, Freja eID, a
// password) in their own tab. The run says so (the caller brings the tab to the front and shows the
// instructions), takes no screenshot while the step is open (a QR code must not leave the person's screen), and
// goes on by itself as soon as the step's condition holds: the address of one of the run's pages matches
// `until.url` (a glob: `*` any characters) or one of `until.selectors` is on the page.
import type { StepOf } from '../../../supabase/functions/_shared/schemas/definition.ts';
import { LOGIN_TIMEOUT_DEFAULT_MS } from '../../../supabase/functions/_shared/schemas/definition.ts';
import { StepError } from './errors.ts';
import { selectorLocators, sleep } from './locate.ts';
import type { StepContext } from './state.ts';

const POLL_MS = 250;

/** Whether `url` matches the glob `pattern` (`*` any run of characters; everything else literal). */
export function urlMatches(pattern: string, url: string): boolean {
  const source = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${source}$`).test(url);
}

/** The login step's deadline: its own timeout (default 5 min), not the element steps' 10 s. */
export function loginTimeout(step: StepOf<'login'>): number {
  return step.timeout || LOGIN_TIMEOUT_DEFAULT_MS;
}

export async function login(ctx: StepContext, step: StepOf<'login'>): Promise<void> {
  const run = ctx.run;
  const attended = run.opts.attended;
  if (!attended) throw new StepError('assertion_failed', 'a login step needs a person at their own browser: start the run with "Kör i min webbläsare"');
  run.capturing = false;
  await attended.onLogin(true, step);
  ctx.log('waiting for the person to sign in; no screenshot is taken meanwhile');
  try {
    while (!ctx.signal.aborted) {
      const pages = run.pages.filter((p) => !p.isClosed());
      const url = step.until.url;
      const byUrl = url ? pages.find((p) => urlMatches(url, p.url())) : undefined;
      if (byUrl) {
        ctx.page = byUrl;
        ctx.log('signed in: the page reached the address the step waits for');
        return;
      }
      for (const selector of step.until.selectors ?? []) {
        for (const page of pages) {
          const found = await Promise.any(selectorLocators(page.mainFrame(), selector).map(async (l) => ((await l.count()) > 0 ? true : Promise.reject()))).catch(() => false);
          if (found) {
            ctx.page = page;
            ctx.log('signed in: the element the step waits for is on the page');
            return;
          }
        }
      }
      if (Date.now() >= ctx.deadline) {
        throw new StepError('timeout', `nobody signed in within ${Math.round(ctx.timeoutMs / 60_000)} minutes`);
      }
      await sleep(POLL_MS);
    }
    throw new StepError('stopped', 'the run was stopped while waiting for the person to sign in');
  } finally {
    await attended.onLogin(false, step);
    run.capturing = true;
  }
}
