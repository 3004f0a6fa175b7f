// Attended runs in the runner process: the relay on its own port, and for each person's tab that connects, its
// attempts one after the other. A run waiting for a person's decision, or paused by a person, keeps its tab (it
// is the person's browser, not the runner's): its next attempt is taken here as soon as it is pending. A run that
// paused by itself (the tab closed, the person took over…) or ended lets go of the tab.
import type { ClaimedRun, Sql } from '../db.ts';
import { loadClaimedRun } from '../db.ts';
import { attendedRunState, claimAttendedAttempt, claimAttendedRun } from './db.ts';
import { NEXT_TOKEN_TTL_SECONDS, type Relay, startRelay } from './relay.ts';
import { AttendedTab } from './tab.ts';

/** How often a held tab's run is checked for its next attempt (a decision or resume starts it within about this). */
const NEXT_ATTEMPT_POLL_MS = 500;

export type AttendedRelayOptions = {
  port: number;
  host: string;
  sql: Sql;
  runnerId: string;
  execute(run: ClaimedRun, tab: AttendedTab): Promise<void>;
  stopping(): boolean;
  log(message: string): void;
};

export async function startAttendedRelay(opts: AttendedRelayOptions): Promise<Relay> {
  const { sql, runnerId, log } = opts;
  let relay!: Relay;

  async function hold(tab: AttendedTab): Promise<void> {
    const runId = tab.claim.runId;
    let attempt: number | undefined = tab.claim.attempt;
    log(`run ${runId}: executing in a person's browser (attempt ${attempt})`);
    try {
      while (attempt !== undefined && tab.connected && !opts.stopping()) {
        const run = await loadClaimedRun(sql, runId, attempt, runnerId);
        if (!run || run === 'definition_invalid') return;
        await opts.execute(run, tab);
        attempt = undefined;
        while (attempt === undefined && tab.connected && !opts.stopping()) {
          if ((await attendedRunState(sql, runId)) !== 'waiting') return;
          attempt = await claimAttendedAttempt(sql, runId, runnerId);
          if (attempt === undefined) await new Promise((r) => setTimeout(r, NEXT_ATTEMPT_POLL_MS));
        }
      }
    } finally {
      if (tab.connected && !opts.stopping()) {
        const state = await attendedRunState(sql, runId).catch(() => 'paused' as const);
        tab.release(state === 'ended' ? 'ended' : 'paused');
      }
    }
  }

  relay = await startRelay({
    port: opts.port,
    host: opts.host,
    log,
    claim: (hash, next) => claimAttendedRun(sql, hash, runnerId, next, NEXT_TOKEN_TTL_SECONDS),
    onSession: (link, claim) => {
      void hold(new AttendedTab(link, claim, relay)).catch((e) => log(`run ${claim.runId}: the person's browser: ${e instanceof Error ? e.message : e}`));
    },
  });
  log(`relay for attended runs on port ${relay.port}`);
  return relay;
}
