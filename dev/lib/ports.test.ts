// A port of the stack that a passing connection holds is waited for, both when it is looked at and when a server of
// the stack's own process listens on it; a port a listening process holds fails at once, naming that process.
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { assertPortFree, listenWhenFree } from './ports.ts';

const open: Array<Server | Socket> = [];
afterEach(async () => {
  for (const s of open.splice(0)) {
    if ('destroy' in s) s.destroy();
    else await new Promise((done) => s.close(done));
  }
});

async function listening(port = 0): Promise<Server> {
  const server = createServer((socket) => open.push(socket));
  open.push(server);
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return server;
}

const portOf = (server: Server) => (server.address() as { port: number }).port;

/**
 * A port an outgoing connection holds: its local end, which the kernel picks from the range the stack's ports lie in
 * (as a client socket of a parallel suite does). `release` closes it from the server's end first, so the TIME-WAIT
 * that follows a close is the server's and the port is free at once.
 */
async function heldByConnection(): Promise<{ port: number; release: () => void }> {
  const target = await listening();
  const accepted = new Promise<Socket>((done) => target.once('connection', done));
  const socket = createConnection({ port: portOf(target), host: '127.0.0.1' });
  open.push(socket);
  await new Promise<void>((done, fail) => socket.once('connect', done).once('error', fail));
  const serverEnd = await accepted;
  return { port: socket.localPort!, release: () => serverEnd.end() };
}

describe('a port held by a connection', () => {
  it('listenWhenFree waits until the connection lets go, says so once, then listens', async () => {
    const { port, release } = await heldByConnection();
    const notes: string[] = [];
    const started = Date.now();
    setTimeout(release, 1200);
    const server = createServer();
    open.push(server);
    await listenWhenFree(server, port, 'mail outbox', (m) => notes.push(m));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(server.listening).toBe(true);
    expect(portOf(server)).toBe(port);
    expect(notes).toEqual([`Port ${port} (mail outbox) is held by a connection, not by a listening process; waiting for it to close (at most 65 s).`]);
  });

  it('assertPortFree waits for it too, and leaves the port free', async () => {
    const { port, release } = await heldByConnection();
    setTimeout(release, 800);
    const notes: string[] = [];
    await assertPortFree(port, 'api function', (m) => notes.push(m));
    expect(notes).toHaveLength(1);
    await listening(port);
  });
});

describe('a port a listening process holds', () => {
  it('fails at once and names the process, for both', async () => {
    const holder = await listening();
    const port = portOf(holder);
    const named = new RegExp(`^Port ${port} \\(Auth stand-in\\) is already in use by .*pid=${process.pid}\\b`);
    const started = Date.now();
    await expect(assertPortFree(port, 'Auth stand-in')).rejects.toThrow(named);
    const server = createServer();
    await expect(listenWhenFree(server, port, 'Auth stand-in', () => {})).rejects.toThrow(named);
    expect(server.listening).toBe(false);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
