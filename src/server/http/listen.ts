import type http from 'node:http';
import net from 'node:net';
// Loaded by Node directly from scripts/start.mjs (type stripping) and bundled into the server build:
// erasable TypeScript only.

/**
 * The server's port on several listening sockets (LISTEN_SOCKETS, decision 082).
 *
 * Node's event loop (libuv 1.45 and later) accepts one connection per listening socket per turn
 * of the loop. A turn of a busy server serves every request that has arrived on its open
 * connections, so the more connections it serves, the longer a turn and the slower it lets new
 * ones in: with 500 students on 1 ms requests a turn lasts a few hundred milliseconds, and the
 * students who connect last wait more than 10 s in the kernel's queue while the others are served
 * (bench/README.md, issue 31, eighth part). Several sockets on the one port (SO_REUSEPORT: the
 * kernel spreads new connections over them) let as many connections in per turn. Each socket's
 * connections go to the one HTTP server, which keeps counting, timing and closing them as before.
 */

/** The sockets that share a port spread connections over themselves on Linux only (SO_REUSEPORT). */
export const SOCKETS_SHARE_PORTS = process.platform === 'linux';

export interface ListenOptions {
  port: number;
  host: string;
  backlog: number;
  /** How many listening sockets; 1 (or a platform without SO_REUSEPORT) is a plain single listener. */
  sockets: number;
}

export interface Listeners {
  /** How many sockets listen. */
  readonly count: number;
  /** Stops every socket; `done` once every connection they accepted has ended (net.Server's close). */
  close(done: () => void): void;
}

/**
 * Fails with EADDRINUSE when any other server listens on the port. Sockets that share a port would
 * otherwise share it with a second portal started by mistake on the same port (each would answer
 * a part of the connections): run once per machine's server, before its sockets listen.
 */
export function ensurePortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** How many sockets listen for these options on this platform. */
export function socketCount(sockets: number): number {
  return SOCKETS_SHARE_PORTS ? Math.max(1, sockets) : 1;
}

/** The socket options node:http gives its own server's connections (half-open allowed, no Nagle delay). */
const HTTP_CONNECTION_OPTIONS = { allowHalfOpen: true, noDelay: true } as const;

/**
 * `server` listens on `options.sockets` sockets sharing the port; `onListening` runs once all do.
 * The extra sockets hand their connections to `server` as its own ('connection'), with the socket
 * options node:http gives its own.
 */
export function listenOnSockets(server: http.Server, options: ListenOptions, onListening: () => void): Listeners {
  const count = socketCount(options.sockets);
  const extras: net.Server[] = [];
  const listen = { host: options.host, backlog: options.backlog, ...(count > 1 ? { reusePort: true } : {}) };
  server.listen({ ...listen, port: options.port }, () => {
    // The port the first socket got (PORT=0 asks the system for one): the others share it.
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    let waiting = count - 1;
    if (waiting === 0) onListening();
    for (let i = 1; i < count; i++) {
      const extra = net.createServer(HTTP_CONNECTION_OPTIONS, (socket) => server.emit('connection', socket));
      extra.on('error', (error) => server.emit('error', error));
      extra.listen({ ...listen, port }, () => {
        waiting -= 1;
        if (waiting === 0) onListening();
      });
      extras.push(extra);
    }
  });
  return {
    count,
    close(done) {
      let open = count;
      const closed = () => {
        open -= 1;
        if (open === 0) done();
      };
      // net.Server's close: the listener only (http.Server's would also cut idle connections now).
      net.Server.prototype.close.call(server, closed);
      for (const extra of extras) extra.close(closed);
    },
  };
}
