// The runner's settings, all from the environment (docs/deploy.md lists them).
import { hostname } from 'node:os';
import { type AiConfig, aiConfigFromEnv } from '../../supabase/functions/_shared/ai.ts';

export type RunnerConfig = {
  /** Postgres as role kollega_runner. */
  databaseUrl: string;
  /** Decrypts the organisations' secrets (the same key as the api function's). */
  secretsKey: string | undefined;
  /** Runs executed at the same time by this process. */
  concurrency: number;
  /** A remote browser service (Browserless, Selenium Grid…) instead of a local Chromium. */
  browserWsEndpoint: string | undefined;
  chromiumPath: string;
  /** The user Chromium runs as when the runner runs as root (its sandbox needs another user). */
  browserUser: string;
  /** An organisation's browser closes when none of its runs has used it for this long. */
  browserIdleMs: number;
  /** Lets runs reach loopback and private addresses (the local stack and its tests only). */
  allowPrivateAddresses: boolean;
  /**
   * Where the browser's traffic goes (KOLLEGA_RUNNER_PROXY): `builtin`, the runner's own egress proxy that enforces
   * the address policy at connect time (egress-proxy.ts; the default unless private addresses are allowed); a
   * proxy's URL; or `off` (the deployment blocks private and metadata addresses at the network level itself).
   */
  proxy: 'builtin' | 'off' | string;
  runnerId: string;
  heartbeatMs: number;
  /** How often the runner reads the state of all its runs in one query: a stop or a lost lease takes effect within about this (plus closing the context). */
  watchMs: number;
  /** A run whose runner has not been heard from for this long fails as runner_lost. */
  leaseMs: number;
  pollingIntervalSeconds: number;
  /** On SIGTERM, how long runs in flight may take to finish before they go back to the queue from their current step. */
  drainMs: number;
  /**
   * After the drain, how long a run may still go on to a point where handing it back runs nothing twice (the end of
   * a step that acts, or past the page that sent data); a run that reaches none fails for a person to check.
   */
  drainStepEndMs: number;
  /** While the self-check fails (or the breaker has tripped), how often it is tried again. */
  selfCheckMs: number;
  /** Browser starts failing in a row that trip the breaker: the runner stops taking jobs until its self-check passes. */
  breakerFailures: number;
  /** The OpenAI-compatible provider of ai_decision steps (KOLLEGA_AI_*); null: every decision goes to a person. */
  ai: AiConfig | null;
  /**
   * The relay for attended runs (KOLLEGA_RELAY_PORT, KOLLEGA_RELAY_HOST): where people's extensions connect
   * (docs/deploy.md "The relay"); undefined: this runner executes no attended run.
   */
  relay?: { port: number; host: string };
};

function int(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, not "${raw}"`);
  return value;
}

function proxySetting(raw: string | undefined, allowPrivate: boolean): RunnerConfig['proxy'] {
  if (!raw) return allowPrivate ? 'off' : 'builtin';
  if (raw === 'builtin' || raw === 'off') return raw;
  if (!URL.canParse(raw) || !/^(http|https|socks5):$/.test(new URL(raw).protocol)) {
    throw new Error(`KOLLEGA_RUNNER_PROXY must be builtin, off or a proxy's URL (http://, https:// or socks5://), not "${raw}"`);
  }
  return raw;
}

export function loadConfig(env = process.env): RunnerConfig {
  const databaseUrl = env.KOLLEGA_RUNNER_DB_URL;
  if (!databaseUrl) throw new Error('KOLLEGA_RUNNER_DB_URL is not set (postgres://kollega_runner:…@host:5432/postgres)');
  return {
    databaseUrl,
    secretsKey: env.KOLLEGA_SECRETS_KEY || undefined,
    concurrency: int('KOLLEGA_RUNNER_CONCURRENCY', 2, 1),
    browserWsEndpoint: env.KOLLEGA_BROWSER_WS_ENDPOINT || undefined,
    chromiumPath: env.KOLLEGA_CHROMIUM_PATH || '/usr/bin/chromium',
    browserUser: env.KOLLEGA_RUNNER_BROWSER_USER || 'nobody',
    browserIdleMs: int('KOLLEGA_RUNNER_BROWSER_IDLE_MS', 60_000, 0),
    allowPrivateAddresses: env.KOLLEGA_RUNNER_ALLOW_PRIVATE === 'true',
    proxy: proxySetting(env.KOLLEGA_RUNNER_PROXY, env.KOLLEGA_RUNNER_ALLOW_PRIVATE === 'true'),
    runnerId: env.KOLLEGA_RUNNER_ID || `${hostname()}:${process.pid}`,
    heartbeatMs: int('KOLLEGA_RUNNER_HEARTBEAT_MS', 10_000, 500),
    leaseMs: int('KOLLEGA_RUNNER_LEASE_MS', 45_000, 2_000),
    watchMs: int('KOLLEGA_RUNNER_WATCH_MS', 1_000, 100),
    pollingIntervalSeconds: 0.5,
    drainMs: int('KOLLEGA_RUNNER_DRAIN_MS', 60_000, 0),
    drainStepEndMs: int('KOLLEGA_RUNNER_DRAIN_STEP_END_MS', 30_000, 0),
    selfCheckMs: int('KOLLEGA_RUNNER_SELFCHECK_MS', 15_000, 500),
    breakerFailures: int('KOLLEGA_RUNNER_BREAKER_FAILURES', 3, 1),
    ai: aiConfigFromEnv((name) => env[name]),
    ...(env.KOLLEGA_RELAY_PORT && { relay: { port: int('KOLLEGA_RELAY_PORT', 0, 1), host: env.KOLLEGA_RELAY_HOST || '0.0.0.0' } }),
  };
}
