// The Astro-alone page's server (bench/astro-floor): a plain Node server handing every request to the built
// adapter, as scripts/start.mjs hands the portal's pages.   server.mjs <built entry.mjs> <port>
import http from 'node:http';
import { pathToFileURL } from 'node:url';

const [entry, port] = process.argv.slice(2);
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import(pathToFileURL(entry).href);
const server = http.createServer((req, res) => handler(req, res));
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('astro alone ready\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
