// Ports, keys and URLs of the local stack. Two profiles so the tests can run beside a running `npm start`.
export type Profile = 'dev' | 'test';

// KOLLEGA_PORT_OFFSET shifts every port, so two checkouts (or a checkout and its worktree) can run
// their stacks at the same time.
const offset = Number(process.env.KOLLEGA_PORT_OFFSET ?? 0) || 0;
const shift = <T extends Record<string, number>>(p: T) =>
  Object.fromEntries(Object.entries(p).map(([k, v]) => [k, v + offset])) as { [K in keyof T]: number };

export const ports = {
  dev: shift({ db: 54322, auth: 54321, mail: 54324, smtp: 54325, api: 54331, web: 3000, ai: 54335, relay: 54336 }),
  test: shift({ db: 55322, auth: 55321, mail: 55324, smtp: 55325, api: 55331, web: 3100, ai: 55335, relay: 55336 }),
} satisfies Record<Profile, Record<string, number>>;

// The Supabase CLI's public local-development constants (docs/local-stack.md, "Access tokens and the local keys").
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

// Local-only key that encrypts the organisations' secrets (pgcrypto). A deployment sets its own
// KOLLEGA_SECRETS_KEY for the api function and the runner (docs/deploy.md).
export const SECRETS_KEY = 'local-development-secrets-key-not-for-production';

export function urls(profile: Profile) {
  const p = ports[profile];
  return {
    app: `http://localhost:${p.web}`,
    api: `http://127.0.0.1:${p.api}/api`,
    supabase: `http://127.0.0.1:${p.auth}`,
    mail: `http://127.0.0.1:${p.mail}`,
    /** The same outbox's SMTP side (dev/auth/smtp.ts): where the runner's notification e-mails go. */
    smtp: `smtp://127.0.0.1:${p.smtp}`,
    db: `postgresql://postgres:postgres@127.0.0.1:${p.db}/postgres`,
    runnerDb: `postgresql://kollega_runner:postgres@127.0.0.1:${p.db}/postgres`,
    /** The test stack's OpenAI-compatible stub (dev/lib/ai-stub.ts). */
    ai: `http://127.0.0.1:${p.ai}/v1`,
    /** The runner's relay for attended runs: where the extension connects (runner/src/attended/relay.ts). */
    relay: `ws://127.0.0.1:${p.relay}/relay`,
  };
}
