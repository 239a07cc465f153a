// Ceiling 2 of the benchmark: a bare Node http server answering one file's bytes from memory.
// Usage (spawned by bench/run.mjs with process.execPath): bare-server.mjs <file> <port>
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
const body = readFileSync(file);
const headers = {
  'content-type': 'text/html; charset=utf-8',
  'content-length': String(body.length),
  'cache-control': 'public, max-age=0',
};

const server = http.createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('bare server ready\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
