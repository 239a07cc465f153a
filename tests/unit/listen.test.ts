import { Agent, createServer, get, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ensurePortFree, listenOnSockets, SOCKETS_SHARE_PORTS, socketCount, type Listeners } from '~/server/http/listen';

/**
 * The server's port on several listening sockets (src/server/http/listen.ts, decision 082): a turn
 * of a busy loop lets in one new connection per socket, every socket's connections are the one HTTP
 * server's, and stopping stops them all.
 */

const HOST = '127.0.0.1';
/** New connections that arrive together while the server is busy. */
const ARRIVING = 32;
/** How long the loop is kept busy while they arrive (the kernel completes loopback handshakes in microseconds). */
const BUSY_MS = 50;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function start(sockets: number, port = 0): Promise<{ server: Server; listeners: Listeners; port: number; accepted: () => number }> {
  let accepted = 0;
  const server = createServer({ keepAliveTimeout: 60_000 }, (_req, res) => res.end('ok'));
  server.on('connection', () => {
    accepted += 1;
  });
  const listeners = await new Promise<Listeners>((resolve) => {
    const made = listenOnSockets(server, { port, host: HOST, backlog: 511, sockets }, () => resolve(made));
  });
  cleanups.push(() => {
    server.closeAllConnections();
    listeners.close(() => {});
  });
  return { server, listeners, port: (server.address() as AddressInfo).port, accepted: () => accepted };
}

function busy(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** The most connections the server lets in during one turn of its loop, after being busy while `ARRIVING` arrive. */
async function mostLetInPerTurn(sockets: number): Promise<number> {
  const { port, accepted } = await start(sockets);
  const clients = Array.from({ length: ARRIVING }, () => net.connect(port, HOST));
  cleanups.push(() => {
    for (const client of clients) client.destroy();
  });
  busy(BUSY_MS);
  // A check-phase callback each turn (it runs right after the turn's poll phase, which accepts), until all are in.
  const perTurn: number[] = [];
  await new Promise<void>((resolve) => {
    let before = accepted();
    const afterPoll = () => {
      perTurn.push(accepted() - before);
      before = accepted();
      if (before < ARRIVING) setImmediate(afterPoll);
      else resolve();
    };
    setImmediate(afterPoll);
  });
  return Math.max(...perTurn);
}

describe.runIf(SOCKETS_SHARE_PORTS)('a port on several sockets', () => {
  it('lets in more than one new connection per turn of a busy loop', async () => {
    expect(await mostLetInPerTurn(8)).toBeGreaterThan(1);
  });

  it('hands every socket’s connections to the one HTTP server, on the port the first socket got', async () => {
    const { port, listeners, accepted } = await start(8);
    expect(listeners.count).toBe(8);
    const agent = new Agent({ keepAlive: true, maxSockets: ARRIVING });
    cleanups.push(() => agent.destroy());
    const answers = await Promise.all(
      Array.from(
        { length: ARRIVING },
        () =>
          new Promise<string>((resolve, reject) => {
            get({ host: HOST, port, path: '/', agent }, (res) => {
              let body = '';
              res.on('data', (chunk) => {
                body += chunk;
              });
              res.on('end', () => resolve(body));
            }).on('error', reject);
          }),
      ),
    );
    expect(answers).toEqual(Array(ARRIVING).fill('ok'));
    expect(accepted()).toBe(ARRIVING);
  });

  it('stops every socket at once, and says so once every connection they accepted has ended', async () => {
    const { port, listeners, server, accepted } = await start(8);
    const clients = Array.from({ length: ARRIVING }, () => net.connect(port, HOST));
    await expect.poll(accepted).toBe(ARRIVING);
    let stopped = false;
    listeners.close(() => {
      stopped = true;
    });
    // No socket takes a new connection (each refuses: nothing listens on the port any more).
    for (let i = 0; i < ARRIVING; i++) {
      const refused = await new Promise<string>((resolve) =>
        net
          .connect(port, HOST)
          .on('connect', () => resolve('connected'))
          .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? '')),
      );
      expect(refused).toBe('ECONNREFUSED');
    }
    // Connections already open are not cut by stopping.
    expect(stopped).toBe(false);
    for (const client of clients) client.destroy();
    await expect.poll(() => stopped).toBe(true);
    expect(server.listening).toBe(false);
  });
});

describe('one socket, or a platform where sockets do not share a port', () => {
  it('listens on one socket', async () => {
    expect(socketCount(1)).toBe(1);
    expect(socketCount(8)).toBe(SOCKETS_SHARE_PORTS ? 8 : 1);
    const { listeners } = await start(1);
    expect(listeners.count).toBe(1);
  });
});

describe('the port check before listening', () => {
  it('fails when another server listens on the port, shared or not, and passes once it is free', async () => {
    const { port, listeners } = await start(socketCount(4));
    await expect(ensurePortFree(port, HOST)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await new Promise<void>((resolve) => listeners.close(resolve));
    await expect(ensurePortFree(port, HOST)).resolves.toBeUndefined();
  });
});
