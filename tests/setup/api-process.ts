// One API server process for tests that need a real process to kill and restart
// (tests/api/exams-durability.test.ts). Started as
//   node --import tsx tests/setup/api-process.ts
// with DATABASE_URL (and any other variable of src/server/config.ts) in the environment: it opens and
// migrates the database through src/server/runtime.ts's getServer exactly as the portal does, seeds
// the demo schools into it when it has none (in development or test mode, as `npm start`'s seed step
// does before the portal serves), serves the Hono app over plain node:http on API_PROCESS_PORT (default: any free
// port), and writes
// `READY <port>` on stdout once it listens. No Astro, no build: the vitest phase of `npm test` runs
// before the build.
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getServer } from '~/server/runtime';
import { parseConfig } from '~/server/config';
import { seedIfEmpty } from '~/dev/seed';

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

// As the portal does (src/middleware.ts): the server is made on first use and, while the database
// cannot be opened, every request answers 503 and the next one tries again.
const UNAVAILABLE = JSON.stringify({ code: 503, data: null, message: '系统繁忙，请稍后再试' });

// Ready means migrated and seeded when the database is up; when it is down the process still
// listens and answers 503 until it is.
const seeds = parseConfig(process.env).developmentMode;
await getServer()
  .then(async ({ runtime }) => {
    if (seeds) await seedIfEmpty(runtime.db);
  })
  .catch(() => undefined);

const server = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
  void (async () => {
    try {
      const method = req.method ?? 'GET';
      const payload = method === 'GET' || method === 'HEAD' ? undefined : await body(req);
      const request = new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, {
        method,
        headers: headersOf(req),
        ...(payload ? { body: new Uint8Array(payload) } : {}),
      });
      let app: Awaited<ReturnType<typeof getServer>>['app'];
      try {
        ({ app } = await getServer());
      } catch {
        res.writeHead(503, { 'Content-Type': 'application/json' });
        res.end(UNAVAILABLE);
        return;
      }
      const response = await app.fetch(request, { ip: req.socket.remoteAddress ?? '' });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(error));
    }
  })();
});

// The port is the test's choice (API_PROCESS_PORT, default any free one), not the portal's PORT.
server.listen(Number(process.env['API_PROCESS_PORT'] ?? 0), '127.0.0.1', () => {
  process.stdout.write(`READY ${(server.address() as AddressInfo).port}\n`);
});
