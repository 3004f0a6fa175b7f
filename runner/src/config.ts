// The runner's settings, all from the environment (docs/deploy.md lists them).
import { hostname } from 'node:os';

export type RunnerConfig = {
  /** Postgres as role kollega_runner. */
  databaseUrl: string;
  /** Decrypts the organisations' secrets (the same key as the api function's). */
  secretsKey: string | undefined;
  /** Runs executed at the same time by this process. */
  concurrency: number;
  /** Runs of one organisation executed at the same time by this process. */
  concurrencyPerOrganization: number;
  /** A remote browser service (Browserless, Selenium Grid…) instead of a local Chromium. */
  browserWsEndpoint: string | undefined;
  chromiumPath: string;
  /** Lets runs reach loopback and private addresses (the local stack and its tests only). */
  allowPrivateAddresses: boolean;
  runnerId: string;
  heartbeatMs: number;
  /** A run whose runner has not been heard from for this long fails as runner_lost. */
  leaseMs: number;
  pollingIntervalSeconds: number;
};

function int(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, not "${raw}"`);
  return value;
}

export function loadConfig(env = process.env): RunnerConfig {
  const databaseUrl = env.KOLLEGA_RUNNER_DB_URL;
  if (!databaseUrl) throw new Error('KOLLEGA_RUNNER_DB_URL is not set (postgres://kollega_runner:…@host:5432/postgres)');
  return {
    databaseUrl,
    secretsKey: env.KOLLEGA_SECRETS_KEY || undefined,
    concurrency: int('KOLLEGA_RUNNER_CONCURRENCY', 2, 1),
    concurrencyPerOrganization: int('KOLLEGA_RUNNER_CONCURRENCY_PER_ORG', 2, 1),
    browserWsEndpoint: env.KOLLEGA_BROWSER_WS_ENDPOINT || undefined,
    chromiumPath: env.KOLLEGA_CHROMIUM_PATH || '/usr/bin/chromium',
    allowPrivateAddresses: env.KOLLEGA_RUNNER_ALLOW_PRIVATE === 'true',
    runnerId: env.KOLLEGA_RUNNER_ID || `${hostname()}:${process.pid}`,
    heartbeatMs: int('KOLLEGA_RUNNER_HEARTBEAT_MS', 10_000, 500),
    leaseMs: int('KOLLEGA_RUNNER_LEASE_MS', 45_000, 2_000),
    pollingIntervalSeconds: 0.5,
  };
}
