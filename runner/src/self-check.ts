// A runner's self-check before it takes any job (AUTOMATION "Trust: Once.", issue 20): the database answers,
// its secrets key decrypts what the api encrypted (the newest secret is the canary: app.runner_key_check), and
// its browser opens a page. A runner that fails it takes no job (worker.ts), so a misconfigured runner no
// longer claims runs only to fail each of them.
import type { BrowserContext } from 'playwright-core';
import { checkSecretsKey, type Sql } from './db.ts';

export type SelfCheckDeps = {
  sql: Sql;
  secretsKey: string | undefined;
  /** A fresh browser context, as a run gets one. */
  newContext: () => Promise<BrowserContext>;
};

const message = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error));

/** What is wrong with this runner, or undefined when it may take jobs. */
export async function checkRunner(deps: SelfCheckDeps): Promise<string | undefined> {
  try {
    await deps.sql`select 1`;
  } catch (error) {
    return `the database does not answer: ${message(error)}`;
  }
  if (deps.secretsKey) {
    try {
      if ((await checkSecretsKey(deps.sql, deps.secretsKey)) === false) {
        return "KOLLEGA_SECRETS_KEY does not decrypt the secrets the api encrypted (the newest one, the canary): it is not the api function's key";
      }
    } catch (error) {
      return `the secrets key could not be checked: ${message(error)}`;
    }
  }
  let context: BrowserContext | undefined;
  try {
    context = await deps.newContext();
    await context.newPage();
  } catch (error) {
    return `the browser does not start: ${message(error)}`;
  } finally {
    await context?.close().catch(() => {});
  }
  return undefined;
}
