// The local stack's ports: whether one is free, and listening on one that a passing connection holds for a moment.
//
// The stack's ports lie in Linux's range for outgoing connections (32768–60999), so a port can also be a
// connection's: a client socket's for a moment (seen: the relay's port, free a second later; the mail outbox's
// port, taken by a parallel suite's connection while Postgres started), or a connection that connected to itself,
// which blocks the port in TIME-WAIT for a minute after it closed. With no listener behind it, such a port is tried
// again until it is free (at most TRANSIENT_PORT_MS); a port a listening process holds fails at once, naming it.
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';

/** The process listening on a TCP port, as `ss` reports it (`"deno",pid=123`), or null when unknown. */
export function portHolder(port: number): string | null {
  const r = spawnSync('ss', ['-H', '-ltnp', `sport = :${port}`], { encoding: 'utf8' });
  const users = r.status === 0 ? r.stdout.match(/users:\(\((.*?)\)\)/) : null;
  return users ? users[1] : null;
}

/**
 * How long a port that no process listens on may stay taken: a connection's, which ends within TCP's TIME-WAIT
 * (60 s on Linux) at the latest.
 */
export const TRANSIENT_PORT_MS = 65_000;

type Note = (message: string) => void;

function inUse(port: number, what: string, holder: string | null): Error {
  return new Error(
    `Port ${port} (${what}) is already in use${holder ? ` by ${holder}` : ''}. ` +
      'Stop that process (an earlier `npm start` or `npm test` still running?) or set KOLLEGA_PORT_OFFSET.',
  );
}

/**
 * Calls `tryOnce` until it succeeds. It answers false while the port is taken; then the port is tried again every
 * 500 ms for as long as no listening process holds it (at most TRANSIENT_PORT_MS), and `note` says so once.
 */
async function whenFree(port: number, what: string, note: Note, tryOnce: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + TRANSIENT_PORT_MS;
  let noted = false;
  for (;;) {
    if (await tryOnce()) return;
    const holder = portHolder(port);
    if (holder || Date.now() >= until) throw inUse(port, what, holder);
    if (!noted) note(`Port ${port} (${what}) is held by a connection, not by a listening process; waiting for it to close (at most ${TRANSIENT_PORT_MS / 1000} s).`);
    noted = true;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Fails with the holder's name when a port of the stack is taken by a listening process (an earlier stack that did
 * not stop, say); waits while a connection holds it. For a part another process binds (Postgres, Deno, Vite, the
 * runner): call it just before that part starts, so the window in which a connection can take the port is short.
 */
export function assertPortFree(port: number, what: string, note: Note = () => {}): Promise<void> {
  return whenFree(port, what, note, () =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
    }));
}

/**
 * `server.listen(port, '127.0.0.1')` for a server of this process (the Auth stand-in, the mail outbox, the AI stub),
 * waiting as assertPortFree does while a connection holds the port. Any other listen error rejects at once.
 */
export function listenWhenFree(server: Server, port: number, what: string, note: Note = (m) => console.error(m)): Promise<void> {
  return whenFree(port, what, note, () =>
    new Promise<boolean>((resolve, reject) => {
      const failed = (error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE') resolve(false);
        else reject(error);
      };
      server.once('error', failed);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', failed);
        resolve(true);
      });
    }));
}
